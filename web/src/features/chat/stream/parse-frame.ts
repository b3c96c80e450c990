import {
  createdFrameSchema,
  finalFrameSchema,
  legacyTextFrameSchema,
  messageDeltaFrameSchema,
  runStepSchema as contractRunStepSchema,
  streamErrorFrameSchema,
  wireContentPartSchema,
  wireMessageSchema,
} from '@contract/stream';
import { z } from 'zod';
import type { ChatMessage } from '@/shared/conversation/types';
import type { StreamFrame } from './stream-frame';

/*
 * Reads one SSE event of a chat stream into a StreamFrame. The data is validated, never cast:
 * a frame of an unknown or malformed shape is skipped (null), so one odd frame — or a frame
 * kind this client does not draw, like the assistants' `sync` — cannot break the reply.
 */

/**
 * A message of the contract, tolerant where other servers differ: a missing or odd `sender`
 * or `text` reads as '', and the stored extras the server adds (attachments, plugins…) are kept.
 */
const messageSchema = wireMessageSchema.extend({ sender: z.string().catch(''), text: z.string().catch('') }).loose();

const createdSchema = createdFrameSchema.extend({ message: messageSchema });

/** An abort's answer may lack the conversation, the title and the request message. */
const finalSchema = finalFrameSchema.extend({
  conversation: finalFrameSchema.shape.conversation.nullish(),
  title: z.string().nullish(),
  requestMessage: messageSchema.nullish(),
  responseMessage: messageSchema,
});

/** Only the text is needed; the ids are LibreChat's and optional there. */
const legacySchema = legacyTextFrameSchema.pick({ message: true, text: true }).extend({
  messageId: z.string().optional(),
  parentMessageId: z.string().optional(),
});

const errorSchema = streamErrorFrameSchema.pick({ messageId: true }).extend({
  text: z.string().catch(''),
  conversationId: z.string().catch(''),
  parentMessageId: z.string().catch(''),
  sender: z.string().catch(''),
});

/** A run step of any kind (LibreChat's agents send tool-call steps without a run id). */
const runStepSchema = contractRunStepSchema.pick({ id: true, index: true }).extend({
  runId: z.string().nullish(),
  stepDetails: z
    .looseObject({
      tool_calls: z
        .array(z.looseObject({ id: z.string().catch(''), name: z.string().catch(''), args: z.unknown() }))
        .optional(),
    })
    .optional(),
});

/**
 * `{id, delta:{content:[{type:'text', text}]}}`: the contract's delta, read leniently (several
 * content items are joined; the content item's other fields are kept).
 */
const deltaSchema = messageDeltaFrameSchema.shape.data.extend({
  delta: z.object({ content: z.array(wireContentPartSchema) }),
});

const toolCallDeltaSchema = z.object({
  id: z.string(),
  delta: z.looseObject({
    tool_calls: z
      .array(
        z.object({
          id: z.string().optional(),
          name: z.string().optional(),
          args: z.string().optional(),
          index: z.number().optional(),
        }),
      )
      .optional(),
    auth: z.string().optional(),
    expires_at: z.number().optional(),
  }),
});

const toolCallCompletedSchema = z.object({
  result: z.object({
    index: z.number().int().min(0),
    tool_call: z.looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      args: z.unknown(),
      output: z.unknown(),
    }),
  }),
});

const agentUpdateSchema = z.object({
  agent_update: z.object({
    index: z.number().int().min(0),
    runId: z.string().optional(),
    agentId: z.string().optional(),
  }),
});

const eventSchema = z.object({ event: z.string(), data: z.unknown() });

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Joins the chunks of one delta's content items of the given kind. */
function joinChunks(items: { type: string; [key: string]: unknown }[], kind: 'text' | 'think'): string {
  let joined = '';
  for (const item of items) {
    const chunk = item[kind];
    if (item.type === kind && typeof chunk === 'string') joined += chunk;
  }
  return joined;
}

function readRunEvent(name: string, data: unknown): StreamFrame | null {
  switch (name) {
    case 'on_run_step': {
      const step = runStepSchema.safeParse(data);
      if (!step.success) return null;
      const toolCalls = (step.data.stepDetails?.tool_calls ?? []).map(({ id, name: tool, args }) => ({
        id,
        name: tool,
        args,
      }));
      return {
        type: 'run_step',
        stepId: step.data.id,
        runId: step.data.runId ?? null,
        index: step.data.index,
        toolCalls,
      };
    }
    case 'on_message_delta': {
      const delta = deltaSchema.safeParse(data);
      return delta.success
        ? { type: 'text_delta', stepId: delta.data.id, text: joinChunks(delta.data.delta.content, 'text') }
        : null;
    }
    case 'on_reasoning_delta': {
      const delta = deltaSchema.safeParse(data);
      return delta.success
        ? { type: 'think_delta', stepId: delta.data.id, think: joinChunks(delta.data.delta.content, 'think') }
        : null;
    }
    case 'on_run_step_delta': {
      const delta = toolCallDeltaSchema.safeParse(data);
      if (!delta.success) return null;
      const { tool_calls: chunks = [], auth, expires_at: expiresAt } = delta.data.delta;
      return {
        type: 'tool_call_delta',
        stepId: delta.data.id,
        chunks,
        ...(auth !== undefined ? { auth } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      };
    }
    case 'on_run_step_completed': {
      const completed = toolCallCompletedSchema.safeParse(data);
      return completed.success
        ? { type: 'tool_call_completed', index: completed.data.result.index, toolCall: completed.data.result.tool_call }
        : null;
    }
    case 'on_agent_update': {
      const update = agentUpdateSchema.safeParse(data);
      return update.success ? { type: 'agent_update', ...update.data.agent_update } : null;
    }
    default:
      return null;
  }
}

function readMessageEvent(json: unknown): StreamFrame | null {
  if (typeof json !== 'object' || json === null) return null;
  if ('final' in json) {
    const final = finalSchema.safeParse(json);
    if (!final.success) return null;
    const { conversation, title, requestMessage, responseMessage } = final.data;
    return {
      type: 'final',
      conversation: conversation ?? null,
      title: title ?? null,
      requestMessage: requestMessage ?? null,
      responseMessage,
    };
  }
  if ('created' in json) {
    const created = createdSchema.safeParse(json);
    return created.success ? { type: 'created', message: created.data.message } : null;
  }
  if ('event' in json) {
    const event = eventSchema.safeParse(json);
    return event.success ? readRunEvent(event.data.event, event.data.data) : null;
  }
  if ('message' in json) {
    const legacy = legacySchema.safeParse(json);
    if (!legacy.success) return null;
    const { text, messageId, parentMessageId } = legacy.data;
    return {
      type: 'legacy_text',
      text,
      ...(messageId ? { messageId } : {}),
      ...(parentMessageId ? { parentMessageId } : {}),
    };
  }
  return null;
}

/** The reply an `event: error` frame stands for: an error message with the text as sent. */
function readErrorEvent(json: unknown): StreamFrame | null {
  const error = errorSchema.safeParse(json);
  if (!error.success) return null;
  const message: ChatMessage = { ...error.data, isCreatedByUser: false, error: true };
  return { type: 'error', message };
}

/** One SSE event (`event:` name and `data:` text) as a frame, or null to skip it. */
export function parseStreamEvent(event: string | undefined, data: string): StreamFrame | null {
  const json = parseJson(data);
  if (event === 'error') return readErrorEvent(json);
  if (event === 'attachment') {
    const attachment = z.record(z.string(), z.unknown()).safeParse(json);
    return attachment.success ? { type: 'attachment', attachment: attachment.data } : null;
  }
  if (event !== undefined && event !== 'message') return null;
  return readMessageEvent(json);
}

/** An abort's answer (`{final:true, conversation, requestMessage, responseMessage}`) as a final frame. */
export function parseAbortAnswer(answer: unknown): Extract<StreamFrame, { type: 'final' }> | null {
  const frame = readMessageEvent(answer);
  return frame?.type === 'final' ? frame : null;
}
