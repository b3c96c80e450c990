import { z } from 'zod';

/**
 * The chat stream protocol (LibreChat v0.7.8 wire format, see shared reference): server-sent
 * events over the POST response of `/api/ask/…`, every frame `event: message` with a JSON
 * `data:` line except `event: error`. Clients tell frames apart by their JSON shape.
 *
 * The schemas state what the engine sends; the DO builds frames typed by them and the web's
 * parser reads frames with them (adding its own tolerance for what other servers send).
 */

/**
 * A content part: text, thinking, or a kind this server does not produce (tool calls, images),
 * kept whole. Every variant keeps unknown fields, so parsing a part never drops any of it.
 */
export const wireContentPartSchema = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('think'), think: z.string() }),
  z.looseObject({ type: z.string() }),
]);
export type WireContentPart = z.infer<typeof wireContentPartSchema>;

/** A message as the API shows it. */
export const wireMessageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
  endpoint: z.string().nullish(),
  model: z.string().nullish(),
  content: z.array(wireContentPartSchema).nullish(),
  error: z.boolean().optional(),
  unfinished: z.boolean().optional(),
  finish_reason: z.string().nullish(),
  tokenCount: z.number().nullish(),
  files: z.array(z.unknown()).nullish(),
  iconURL: z.string().nullish(),
  clientTimestamp: z.string().nullish(),
  generation: z.string().nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type WireMessage = z.infer<typeof wireMessageSchema>;

/**
 * A page a web search call found, carried on its tool call (`tool_call.sources`, stored and
 * streamed): the reply cites it as `[index]`, the client links those markers to it.
 */
export const toolSourceSchema = z.object({
  index: z.number().int().min(1),
  title: z.string(),
  url: z.string(),
  snippet: z.string().optional(),
});
export type WireToolSource = z.infer<typeof toolSourceSchema>;

const toolCallSchema = z.object({ id: z.string(), name: z.string(), args: z.string(), type: z.literal('tool_call') });

export const runStepSchema = z.object({
  id: z.string(),
  runId: z.string(),
  type: z.enum(['message_creation', 'tool_calls']),
  /** The content part the step fills. */
  index: z.number().int().min(0),
  // A plain union keyed on `type` (zod's discriminated union would add its code to the web bundle).
  stepDetails: z.union([
    z.object({ type: z.literal('message_creation'), message_creation: z.object({ message_id: z.string() }) }),
    z.object({ type: z.literal('tool_calls'), tool_calls: z.array(toolCallSchema) }),
  ]),
});

/** `{id, delta: {content: [part]}}`: one chunk for the run step `id` (an array of exactly one part). */
const deltaDataSchema = <Part extends z.ZodType>(part: Part) =>
  z.object({ id: z.string(), delta: z.object({ content: z.array(part).length(1) }) });

/** The user message (and, for an edit or a continue, the message being replied to) as saved. */
export const createdFrameSchema = z.object({ created: z.literal(true), message: wireMessageSchema });

export const runStepFrameSchema = z.object({ event: z.literal('on_run_step'), data: runStepSchema });

export const messageDeltaFrameSchema = z.object({
  event: z.literal('on_message_delta'),
  data: deltaDataSchema(z.object({ type: z.literal('text'), text: z.string() })),
});

export const reasoningDeltaFrameSchema = z.object({
  event: z.literal('on_reasoning_delta'),
  data: deltaDataSchema(z.object({ type: z.literal('think'), think: z.string() })),
});

/** A piece of a tool call's arguments (JSON text), for the tool-calls run step `id`. */
export const runStepDeltaFrameSchema = z.object({
  event: z.literal('on_run_step_delta'),
  data: z.object({
    id: z.string(),
    delta: z.object({
      type: z.literal('tool_calls'),
      tool_calls: z.array(z.object({ id: z.string(), args: z.string() })),
      /** The address where the user signs in to the call's OAuth action, and when the call stops waiting (ms). */
      auth: z.string().optional(),
      expires_at: z.number().optional(),
    }),
  }),
});

/** A tool call that finished: its output, shown under the call; `index` is the call's content part. */
export const runStepCompletedFrameSchema = z.object({
  event: z.literal('on_run_step_completed'),
  data: z.object({
    result: z.object({
      id: z.string(),
      index: z.number().int().min(0),
      type: z.literal('tool_call'),
      tool_call: toolCallSchema.omit({ type: true }).extend({
        output: z.string(),
        progress: z.number(),
        sources: z.array(toolSourceSchema).optional(),
      }),
    }),
  }),
});

/**
 * The next agent of a chain takes over the reply: its parts start at content `index`, after an
 * `agent_update` part there; `runId` is the reply's message id.
 */
export const agentUpdateFrameSchema = z.object({
  event: z.literal('on_agent_update'),
  data: z.object({
    type: z.literal('agent_update'),
    agent_update: z.object({ index: z.number().int().min(0), runId: z.string(), agentId: z.string() }),
  }),
});

/**
 * `event: attachment`: a file a tool made (an image), sent as LibreChat does: the file's fields
 * with the reply's `messageId` and the call's `toolCallId`. Not wrapped in `{event, data}`.
 */
export const attachmentFrameSchema = z.looseObject({
  file_id: z.string(),
  filename: z.string(),
  filepath: z.string(),
  type: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  messageId: z.string(),
  toolCallId: z.string(),
  conversationId: z.string(),
});
export type AttachmentFrame = z.infer<typeof attachmentFrameSchema>;

/** How a reply is streamed: content-parts run steps, or Google's legacy full-text frames. */
export type StreamDialect = 'parts' | 'legacy';

/** Legacy text delta (google): the full text so far. */
export const legacyTextFrameSchema = z.object({
  message: z.literal(true),
  initial: z.boolean(),
  text: z.string(),
  messageId: z.string(),
  parentMessageId: z.string(),
});

/** The end of a reply: the conversation, its title, and both messages as saved. */
export const finalFrameSchema = z.object({
  final: z.literal(true),
  conversation: z.record(z.string(), z.unknown()),
  title: z.string().nullable(),
  requestMessage: wireMessageSchema,
  responseMessage: wireMessageSchema,
});
export type FinalFrame = z.infer<typeof finalFrameSchema>;

export const streamFrameSchema = z.union([
  createdFrameSchema,
  runStepFrameSchema,
  messageDeltaFrameSchema,
  reasoningDeltaFrameSchema,
  runStepDeltaFrameSchema,
  runStepCompletedFrameSchema,
  agentUpdateFrameSchema,
  legacyTextFrameSchema,
  finalFrameSchema,
]);
export type StreamFrame = z.infer<typeof streamFrameSchema>;

/** Body of `event: error`; `text` is plain or a JSON string such as `{"type":"no_user_key"}`. */
export const streamErrorFrameSchema = z.object({
  error: z.literal(true),
  final: z.literal(true),
  text: z.string(),
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  isCreatedByUser: z.literal(false),
});
export type StreamErrorFrame = z.infer<typeof streamErrorFrameSchema>;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

/** One SSE frame as text. */
export function sseFrame(
  data: StreamFrame | StreamErrorFrame | AttachmentFrame,
  event: 'message' | 'error' | 'attachment' = 'message',
): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
