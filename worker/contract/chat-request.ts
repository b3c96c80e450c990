/**
 * The body of a send (`POST /api/ask/{endpoint}`, `/api/edit/{endpoint}`, `/api/bedrock/chat`):
 * the user message plus the conversation's settings, as LibreChat's client sends it.
 * Unknown fields are stripped (no mass assignment: a `user`, `title`
 * or `isArchived` in the body never reaches storage); ids are taken as opaque strings because
 * the server assigns the real ones.
 */
import { z } from 'zod';
import { conversationOptionsSchema } from './conversation';
import { MAX_ID_CHARS } from './ids';

/**
 * The longest message text accepted. A D1 row holds at most 2 MB; 400,000 characters stay
 * under it even when every character takes 4 bytes in UTF-8, with room for the other columns.
 */
export const MAX_MESSAGE_TEXT_CHARS = 400_000;

const clientId = z.string().min(1).max(MAX_ID_CHARS);

/**
 * The most files one message may carry, whatever the config's `fileLimit` (the uploads enforce
 * that): a bound on the work a single send can ask for.
 */
export const MAX_SENT_FILES = 100;

/**
 * A file attached to the message, as its upload answered it. Only the id is trusted: the server
 * reads the caller's own record for the rest, so the other fields are accepted and ignored.
 */
const sentFileSchema = z.object({
  file_id: clientId,
  filepath: z.string().max(2048).nullish(),
  type: z.string().max(256).nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});

/** The most MCP servers one ephemeral agent may turn on. */
export const MAX_EPHEMERAL_MCP_SERVERS = 20;

/**
 * The tools a chat on an ordinary endpoint turns on for itself (an ephemeral agent, posted to
 * `/api/agents/chat/{endpoint}`): every tool of the named MCP servers, and with `web_search`
 * the server's web search tool (refused with 400 when the server has none; the endpoints config's
 * `agents.webSearch` says whether it has). `execute_code` is accepted as LibreChat's client sends
 * it; this server cannot run code.
 */
export const ephemeralAgentSchema = z.object({
  mcp: z
    .array(z.string().min(1).max(200))
    .max(MAX_EPHEMERAL_MCP_SERVERS, { error: `too many MCP servers (at most ${MAX_EPHEMERAL_MCP_SERVERS})` })
    .optional(),
  web_search: z.boolean().optional(),
  execute_code: z.boolean().optional(),
});

export const sendBodySchema = conversationOptionsSchema.omit({ title: true }).extend({
  // The type's error covers every check without its own: each bound names its own problem,
  // or a text too long would be answered "text is required".
  text: z
    .string({ error: 'text is required' })
    .min(1, { error: 'text is required' })
    .max(MAX_MESSAGE_TEXT_CHARS, { error: `text is too long (at most ${MAX_MESSAGE_TEXT_CHARS} characters)` }),
  sender: z.string().max(256).nullish(),
  clientTimestamp: z.string().max(64).nullish(),
  isCreatedByUser: z.boolean().optional(),
  parentMessageId: clientId.nullish(),
  /** null, undefined or `new` start a conversation; anything else names an existing one. */
  conversationId: clientId.nullish(),
  messageId: clientId.nullish(),
  /** Continue / edited reply: the reply text the new generation starts from. */
  generation: z.string().max(MAX_MESSAGE_TEXT_CHARS).nullish(),
  responseMessageId: clientId.nullish(),
  overrideParentMessageId: clientId.nullish(),
  /**
   * The second reply of a turn (the `+` command): the user message the first reply's send
   * created, answered again by another model. The message itself is not saved twice.
   */
  overrideUserMessageId: clientId.nullish(),
  /** With `overrideUserMessageId`: the conversation of that turn (LibreChat's name for it). */
  overrideConvoId: clientId.nullish(),
  endpoint: z
    .string({ error: 'endpoint is required' })
    .min(1, { error: 'endpoint is required' })
    .max(100, { error: 'endpoint is too long (at most 100 characters)' }),
  endpointType: z.string().max(100).nullish(),
  model: z.string().min(1).max(256).nullish(),
  /** The user key's expiry as the client knows it; the server reads its own copy instead. */
  key: z.string().max(64).nullish(),
  isContinued: z.boolean().optional(),
  isTemporary: z.boolean().optional(),
  isRegenerate: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  files: z
    .array(sentFileSchema)
    .max(MAX_SENT_FILES, { error: `too many files (at most ${MAX_SENT_FILES})` })
    .optional(),
  /** Only `/api/agents/chat/{endpoint}` reads it; the other send routes ignore it. */
  ephemeralAgent: ephemeralAgentSchema.nullish(),
});
export type SendBody = z.infer<typeof sendBodySchema>;

/** `POST …/abort`: `abortKey` is `<conversationId>:<latest message id>`. */
export const abortBodySchema = z.object({
  abortKey: z
    .string({ error: 'abortKey is required' })
    .min(1)
    .max(2 * MAX_ID_CHARS + 1),
  endpoint: z.string().max(100).nullish(),
  /** Stop the turn's second reply (the `+` command) rather than the conversation's own run. */
  added: z.boolean().optional(),
});
export type AbortBody = z.infer<typeof abortBodySchema>;

export const conversationParamSchema = z.object({ conversationId: clientId });

/** `GET /ask/stream/{id}?added=1`: re-attach to the turn's second reply instead. */
export const resumeQuerySchema = z.object({ added: z.enum(['1']).optional() });

/** The conversation id an abort key names: the part before the first `:`. */
export function conversationIdOfAbortKey(abortKey: string): string {
  const separator = abortKey.indexOf(':');
  return separator < 0 ? abortKey : abortKey.slice(0, separator);
}

/** Whether a send starts a new conversation. */
export function isNewConversationId(conversationId: string | null | undefined): boolean {
  return conversationId === null || conversationId === undefined || conversationId === 'new';
}
