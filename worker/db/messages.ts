/**
 * Reading and editing stored messages. Every statement filters on the user (the id, or an SQL
 * expression that names it): another user's message is indistinguishable from a missing one.
 * Rows are mapped to the API shape here (booleans, parsed JSON, ISO dates) so every route
 * answers the same shape.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NO_PARENT } from '../contract/endpoints';
import type { StoredMessage } from '../contract/messages';
import type { WireContentPart } from '../contract/stream';
import type { SqlQuery } from './paging';
import { prepareSql, sqlQueryOf } from './raw-batch';

const COLUMNS =
  'seq, messageId, conversationId, parentMessageId, sender, text, content, isCreatedByUser, endpoint, model, error, unfinished, finish_reason, tokenCount, files, attachments, plugin, plugins, iconURL, thread_id, generation, clientTimestamp, createdAt, updatedAt';

/** A `messages` row as D1 returns it (0/1 booleans, JSON as text, epoch-ms dates). */
export interface MessageRow {
  seq: number;
  messageId: string;
  conversationId: string;
  parentMessageId: string | null;
  sender: string | null;
  text: string;
  content: string | null;
  isCreatedByUser: number;
  endpoint: string | null;
  model: string | null;
  error: number;
  unfinished: number;
  finish_reason: string | null;
  tokenCount: number | null;
  files: string | null;
  attachments: string | null;
  plugin: string | null;
  plugins: string | null;
  iconURL: string | null;
  thread_id: string | null;
  generation: string | null;
  clientTimestamp: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * Opening a conversation, in one statement: a range of `messages_conversation_idx`
 * (conversationId, createdAt, …) and one row lookup per message, so rows read ≈ the message
 * count (the budget is n + 10 rows at most). The user id is checked on each row rather than first
 * looking up the conversation, which would cost a second query. The unary `+` on `userId`
 * keeps the planner off `messages_user_idx`: without statistics it rates both equalities
 * alike and may pick that one, which reads every message the user has (measured: 301 rows
 * for an empty conversation of a user with 300 messages elsewhere). The order is the index's
 * (createdAt); messages of the same millisecond are put in `seq` order (insertion order) by
 * the caller, because `ORDER BY createdAt, seq` makes SQLite sort in a temp b-tree, which D1
 * bills as a second read of every row. Messages of an expired temporary chat are gone for the
 * API even before the cleanup deletes them. `owner` is the user's id as SQL: the id itself as a
 * bound parameter, or a trusted expression naming one account that an earlier statement of the
 * same batch decides (the refresh's rotation, worker/services/auth/refresh.ts); never text from
 * a request.
 */
export function conversationMessagesSql(owner: SQL, conversationId: string, now = Date.now()): SQL {
  return sql`SELECT ${sql.raw(COLUMNS)} FROM messages
      WHERE conversationId = ${conversationId} AND +userId = ${owner} AND (expiredAt IS NULL OR expiredAt > ${now})
      ORDER BY createdAt`;
}

/** That statement for one user, as SQL text and parameters (tests and the bench EXPLAIN it). */
export function conversationMessagesQuery(userId: string, conversationId: string, now = Date.now()): SqlQuery {
  return sqlQueryOf(conversationMessagesSql(sql`${userId}`, conversationId, now));
}

/** `conversationMessagesQuery` prepared on `d1` (tests read its `meta.rows_read`). */
export function conversationMessagesStatement(
  d1: D1Database,
  userId: string,
  conversationId: string,
  now = Date.now(),
): D1PreparedStatement {
  return prepareSql(d1, conversationMessagesSql(sql`${userId}`, conversationId, now));
}

/** Rows of the conversation read as the API answers them, oldest first. */
function storedMessagesOf(rows: MessageRow[]): StoredMessage[] {
  // Only ties need it: the rows arrive sorted by createdAt already.
  rows.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
  return rows.map(toStoredMessage);
}

/** The conversation's messages from a batch's result of that read (none without one), as the API answers them. */
export function conversationMessagesOf(result: D1Result<unknown> | undefined): StoredMessage[] {
  return storedMessagesOf((result?.results ?? []) as MessageRow[]);
}

/** The user's messages of the conversation, oldest first (empty for an unknown or foreign one). */
export async function listConversationMessages(
  d1: D1Database,
  userId: string,
  conversationId: string,
): Promise<StoredMessage[]> {
  const { results } = await conversationMessagesStatement(d1, userId, conversationId).all<MessageRow>();
  return storedMessagesOf(results);
}

/** One of the user's messages, by conversation and message id; undefined when not theirs. */
export async function findMessageRow(
  d1: D1Database,
  userId: string,
  conversationId: string,
  messageId: string,
  now = Date.now(),
): Promise<MessageRow | undefined> {
  const row = await d1
    .prepare(
      `SELECT ${COLUMNS} FROM messages
       WHERE messageId = ?1 AND userId = ?2 AND conversationId = ?3 AND (expiredAt IS NULL OR expiredAt > ?4)`,
    )
    .bind(messageId, userId, conversationId, now)
    .first<MessageRow>();
  return row ?? undefined;
}

/**
 * The text and content parts of one of the user's messages found by its id alone (ids are
 * unique); undefined when it is not theirs, does not exist, or its temporary chat expired.
 */
export async function findOwnMessageText(
  d1: D1Database,
  userId: string,
  messageId: string,
  now = Date.now(),
): Promise<Pick<MessageRow, 'text' | 'content'> | undefined> {
  const row = await d1
    .prepare(
      `SELECT text, content FROM messages
       WHERE messageId = ?1 AND userId = ?2 AND (expiredAt IS NULL OR expiredAt > ?3)`,
    )
    .bind(messageId, userId, now)
    .first<Pick<MessageRow, 'text' | 'content'>>();
  return row ?? undefined;
}

export interface MessageEdit {
  text: string;
  /** The content parts as stored JSON text (the stored text itself when they did not change). */
  content: string | null;
  tokenCount: number | null;
}

/**
 * Writes an edit, but only if the message still holds what the edit was computed from
 * (`expected.text` and `expected.content`, compared as stored): D1 has no transactions to
 * hold between the read and the write, and an edit by index computed from stale content would
 * silently undo another edit. Answers the updated row, or undefined when the message changed
 * (or vanished) in between. The search index follows through the update trigger.
 */
export async function updateMessageIfUnchanged(
  d1: D1Database,
  userId: string,
  expected: Pick<MessageRow, 'messageId' | 'conversationId' | 'text' | 'content'>,
  edit: MessageEdit,
): Promise<MessageRow | undefined> {
  const row = await d1
    .prepare(
      `UPDATE messages SET text = ?1, content = ?2, tokenCount = ?3, updatedAt = ?4
       WHERE messageId = ?5 AND userId = ?6 AND conversationId = ?7 AND text IS ?8 AND content IS ?9
       RETURNING ${COLUMNS}`,
    )
    .bind(
      edit.text,
      edit.content,
      edit.tokenCount,
      Date.now(),
      expected.messageId,
      userId,
      expected.conversationId,
      expected.text,
      expected.content,
    )
    .first<MessageRow>();
  return row ?? undefined;
}

// Row → API shape -----------------------------------------------------------------------

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Rows are written by this app as JSON; a damaged value must not break the conversation.
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectArray(text: string | null): Record<string, unknown>[] | undefined {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter(isObject) : undefined;
}

/** The content parts of a stored value; parts without a string `type` are dropped. */
export function parseContent(text: string | null): WireContentPart[] | null {
  const parts = objectArray(text);
  if (!parts) return null;
  return parts.flatMap((part) => (typeof part.type === 'string' ? [{ ...part, type: part.type }] : []));
}

/** A message's `files` column: the references that name a file (anything else is dropped). */
export function fileRefs(text: string | null): { file_id: string; [key: string]: unknown }[] | undefined {
  return objectArray(text)?.flatMap((file) =>
    typeof file.file_id === 'string' ? [{ ...file, file_id: file.file_id }] : [],
  );
}

/** A row in the API shape: optional fields appear only when set, as LibreChat's documents do. */
export function toStoredMessage(row: MessageRow): StoredMessage {
  const message: StoredMessage = {
    messageId: row.messageId,
    conversationId: row.conversationId,
    parentMessageId: row.parentMessageId ?? NO_PARENT,
    sender: row.sender ?? (row.isCreatedByUser === 1 ? 'User' : 'AI'),
    text: row.text,
    isCreatedByUser: row.isCreatedByUser === 1,
    endpoint: row.endpoint,
    model: row.model,
    error: row.error === 1,
    unfinished: row.unfinished === 1,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
  const content = parseContent(row.content);
  if (content) message.content = content;
  const files = fileRefs(row.files);
  if (files) message.files = files;
  const attachments = objectArray(row.attachments);
  if (attachments) message.attachments = attachments;
  const plugin = parseJson(row.plugin);
  if (isObject(plugin)) message.plugin = plugin;
  const plugins = objectArray(row.plugins);
  if (plugins) message.plugins = plugins;
  if (row.finish_reason !== null) message.finish_reason = row.finish_reason;
  if (row.tokenCount !== null) message.tokenCount = row.tokenCount;
  if (row.iconURL !== null) message.iconURL = row.iconURL;
  if (row.thread_id !== null) message.thread_id = row.thread_id;
  if (row.generation !== null) message.generation = row.generation;
  if (row.clientTimestamp !== null) message.clientTimestamp = row.clientTimestamp;
  return message;
}
