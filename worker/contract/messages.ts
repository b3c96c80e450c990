import { z } from 'zod';
import { conversationOptionsSchema } from './conversation';
import type { WireMessage } from './stream';
import { MAX_ID_CHARS } from './ids';

/*
 * Bodies and answers of the conversation-reading routes: `GET /api/convos/{id}`,
 * `POST /api/convos/gen_title`, `GET|PUT /api/messages/…`, `POST /api/tokenizer`,
 * `GET /api/models`. Error messages are LibreChat's where they exist,
 * word for word, because clients show them as they are.
 */

export const CONVERSATION_ID_REQUIRED = 'conversationId is required';
export const EDITED_TEXT_REQUIRED = 'Edited message text is required';
export const INVALID_INDEX = 'Invalid index';
export const NON_TEXT_PART = 'Cannot update non-text content';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
/** LibreChat's answer when no title exists (yet) for the conversation. */
export const TITLE_NOT_FOUND = "Title not found or method not implemented for the conversation's endpoint";

/**
 * The tokenizer counts at most this much text per call: enough for a long prompt, and it
 * bounds the CPU one request can ask for (linear today, superlinear with a BPE on
 * adversarial input).
 */
export const MAX_TOKENIZER_TEXT_CHARS = 100_000;

export const conversationIdSchema = z
  .string({ error: CONVERSATION_ID_REQUIRED })
  .min(1, CONVERSATION_ID_REQUIRED)
  .max(MAX_ID_CHARS, 'conversationId is too long');

/** `PUT /api/messages/{conversationId}/{messageId}`. */
export const updateMessageBodySchema = z.object({
  text: z
    .string({ error: EDITED_TEXT_REQUIRED })
    // Whitespace alone is no text; the text itself is stored as sent (markdown keeps its indentation).
    .refine((text) => text.trim() !== '', EDITED_TEXT_REQUIRED),
  /** A content part to replace; without it, the message's text is replaced. */
  index: z.number({ error: INVALID_INDEX }).int(INVALID_INDEX).min(0, INVALID_INDEX).optional(),
  /** The model to count tokens for (LibreChat sends the message's model). */
  model: z.string().max(256).nullish(),
  /** Only read when the path has no conversation id. */
  conversationId: z.string().max(MAX_ID_CHARS).nullish(),
});
export type UpdateMessageBody = z.infer<typeof updateMessageBodySchema>;

/** `POST /api/convos/gen_title`. */
export const genTitleBodySchema = z.object({ conversationId: conversationIdSchema });
export type GenTitleBody = z.input<typeof genTitleBodySchema>;
export const genTitleResponseSchema = z.object({ title: z.string() });
export type GenTitleResponse = z.infer<typeof genTitleResponseSchema>;

const tooLong = `text is too long (at most ${MAX_TOKENIZER_TEXT_CHARS} characters)`;
const tokenizerText = z.string().max(MAX_TOKENIZER_TEXT_CHARS, tooLong);

/**
 * `POST /api/tokenizer`: `{text}`, or LibreChat's own client body `{arg: text}` /
 * `{arg: {text}}`.
 */
export const tokenizerBodySchema = z
  .object({
    text: tokenizerText.optional(),
    arg: z.union([tokenizerText, z.object({ text: tokenizerText })]).optional(),
  })
  .transform((body) => body.text ?? (typeof body.arg === 'string' ? body.arg : body.arg?.text))
  .refine((text): text is string => text !== undefined, 'text is required');
export const tokenCountResponseSchema = z.object({ count: z.number().int().min(0) });

/** `GET /api/models`: the model names of each configured endpoint. */
export const modelsResponseSchema = z.record(z.string(), z.array(z.string()));
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

// Answers -------------------------------------------------------------------------------

/** A stored message as the message routes answer it: the stream's shape plus stored extras. */
export interface StoredMessage extends WireMessage {
  endpoint: string | null;
  model: string | null;
  error: boolean;
  unfinished: boolean;
  attachments?: Record<string, unknown>[];
  plugin?: Record<string, unknown>;
  plugins?: Record<string, unknown>[];
  thread_id?: string;
  createdAt: string;
  updatedAt: string;
}

const isoDate = z.iso.datetime();

/** The same shape as a schema, for clients and tests (unknown fields are refused). */
export const storedMessageSchema = z.strictObject({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  error: z.boolean(),
  unfinished: z.boolean(),
  content: z.array(z.looseObject({ type: z.string() })).optional(),
  finish_reason: z.string().optional(),
  tokenCount: z.number().optional(),
  files: z.array(z.looseObject({ file_id: z.string() })).optional(),
  attachments: z.array(z.record(z.string(), z.unknown())).optional(),
  plugin: z.record(z.string(), z.unknown()).optional(),
  plugins: z.array(z.record(z.string(), z.unknown())).optional(),
  iconURL: z.string().optional(),
  thread_id: z.string().optional(),
  generation: z.string().optional(),
  clientTimestamp: z.string().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/**
 * `GET /api/convos/{id}`: the conversation with every option that is set (unset ones are
 * left out, as LibreChat's documents leave them out), its tags, and ISO dates.
 */
export const conversationResponseSchema = conversationOptionsSchema
  .extend({
    conversationId: z.string(),
    user: z.string(),
    title: z.string(),
    endpoint: z.string().nullable(),
    endpointType: z.string().nullable(),
    model: z.string().nullable(),
    isArchived: z.boolean(),
    isTemporary: z.boolean().optional(),
    expiredAt: isoDate.nullable(),
    thread_id: z.string().optional(),
    tags: z.array(z.string()),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .strict();
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;
