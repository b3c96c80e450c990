import { sql } from 'drizzle-orm';
import { integer, real, text } from 'drizzle-orm/sqlite-core';
import type { ConversationOptions } from '../../contract/conversation';

/*
 * Conventions shared by every table (see also worker/db/README.md):
 *
 * - Timestamps are INTEGER milliseconds since the Unix epoch (UTC), typed `number` in TS, in
 *   every table and in raw SQL alike. Integers keep composite indexes small and compare
 *   exactly (keyset cursors), and `Date.now()` produces them without conversion. Routes turn
 *   them into ISO strings for the API (`new Date(ms).toISOString()`).
 * - SQL defaults fill `createdAt`/`updatedAt`, so raw inserts (Durable Object, triggers) get
 *   them too; drizzle updates bump `updatedAt` through `$onUpdateFn`.
 * - Booleans are INTEGER 0/1 (`mode: 'boolean'` in drizzle).
 * - JSON values are TEXT holding JSON (`mode: 'json'`), typed with `$type`.
 * - Column names are the API's field names (camelCase, or snake_case where LibreChat's field
 *   is snake_case, e.g. `top_p`, `agent_id`), so rows map to responses without renaming.
 */

/** The SQL expression for "now" in epoch milliseconds (SQLite ≥ 3.42, as in D1 and workerd). */
export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/** `createdAt`, filled by the database. */
export const createdAt = () => integer('createdAt').notNull().default(nowMs);

/** `updatedAt`, filled by the database on insert and by drizzle on every update. */
export const updatedAt = () =>
  integer('updatedAt')
    .notNull()
    .default(nowMs)
    .$onUpdateFn(() => Date.now());

/** Both timestamps, for spreading into a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A boolean stored as 0/1. */
export const bool = (name: string) => integer(name, { mode: 'boolean' });

/** JSON stored as text. */
export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();

/** A content part of a message (text, think, tool_call, image_file, …); kept open-ended. */
export interface MessageContentPart {
  type: string;
  [key: string]: unknown;
}

/** A file reference embedded in a message (an entry of its `files`). */
export interface MessageFileRef {
  file_id: string;
  filepath?: string;
  type?: string;
  height?: number;
  width?: number;
  [key: string]: unknown;
}

/** A free-form JSON object (tool results, model parameters, action metadata, …). */
export type JsonObject = { [key: string]: unknown };

type Options = ConversationOptions;
export type ConversationExamples = NonNullable<Options['examples']>;
export type ConversationTools = NonNullable<Options['tools']>;
export type ConversationAgentOptions = NonNullable<Options['agentOptions']>;

/**
 * The conversation option columns (endpoint, model, parameters), shared by `conversations` and
 * `presets` (a preset adds a title and order). A function, because drizzle needs fresh
 * column builders per table.
 */
export const conversationOptionColumns = () => ({
  endpoint: text('endpoint'),
  endpointType: text('endpointType'),
  model: text('model'),
  modelLabel: text('modelLabel'),
  chatGptLabel: text('chatGptLabel'),
  promptPrefix: text('promptPrefix'),
  temperature: real('temperature'),
  topP: real('topP'),
  topK: real('topK'),
  top_p: real('top_p'),
  frequency_penalty: real('frequency_penalty'),
  presence_penalty: real('presence_penalty'),
  maxOutputTokens: integer('maxOutputTokens'),
  maxContextTokens: integer('maxContextTokens'),
  max_tokens: integer('max_tokens'),
  maxTokens: integer('maxTokens'),
  promptCache: bool('promptCache'),
  system: text('system'),
  thinking: bool('thinking'),
  thinkingBudget: integer('thinkingBudget'),
  artifacts: text('artifacts'),
  context: text('context'),
  examples: json<ConversationExamples>('examples'),
  tools: json<ConversationTools>('tools'),
  resendFiles: bool('resendFiles'),
  resendImages: bool('resendImages'),
  file_ids: json<string[]>('file_ids'),
  imageDetail: text('imageDetail', { enum: ['low', 'auto', 'high'] }),
  reasoning_effort: text('reasoning_effort', { enum: ['low', 'medium', 'high'] }),
  assistant_id: text('assistant_id'),
  agent_id: text('agent_id'),
  region: text('region'),
  additionalModelRequestFields: json<JsonObject>('additionalModelRequestFields'),
  instructions: text('instructions'),
  additional_instructions: text('additional_instructions'),
  append_current_datetime: bool('append_current_datetime'),
  stop: json<string[]>('stop'),
  greeting: text('greeting'),
  spec: text('spec'),
  iconURL: text('iconURL'),
  agentOptions: json<ConversationAgentOptions>('agentOptions'),
});
