/**
 * The rows a chat run writes — a conversation and its messages — and the D1 statements that
 * write them, shared by the send path and the ConversationDO. Every statement is idempotent —
 * the conversation upsert, the message inserts (`ON CONFLICT DO NOTHING` on server-chosen ids),
 * the in-place update of a continued reply — because a run's final batch may be applied twice:
 * once live, and again by the DO's alarm when the DO was evicted before it could record that
 * the batch committed. The caller sends them together in one `DB.batch` (one transaction).
 * Timestamps are epoch milliseconds (worker/db/README.md).
 */
import type { WireContentPart } from '../contract/stream';
import { conversationOptionColumns, type MessageFileRef } from './schema/columns';

export interface MessageRecord {
  messageId: string;
  conversationId: string;
  userId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  content: WireContentPart[] | null;
  isCreatedByUser: boolean;
  endpoint: string | null;
  model: string | null;
  error: boolean;
  unfinished: boolean;
  finish_reason: string | null;
  tokenCount: number | null;
  /** A user message's attached files (uploads the sender owns), as LibreChat stores them. */
  files: MessageFileRef[] | null;
  iconURL: string | null;
  clientTimestamp: string | null;
  /** Temporary chats: when the message goes with its conversation. */
  expiredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** Option values as the conversation columns hold them (see db/schema/columns.ts). */
export type ConversationOptionValues = Record<string, unknown>;

export interface ConversationRecord {
  conversationId: string;
  userId: string;
  title: string;
  isArchived: boolean;
  isTemporary: boolean;
  expiredAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** endpoint, endpointType, model and every model parameter, as sent with the message. */
  options: ConversationOptionValues;
}

/** The conversation option columns, in schema order (endpoint, endpointType, model, …). */
export const OPTION_COLUMNS: readonly string[] = Object.keys(conversationOptionColumns());

/** A value as a D1 parameter: booleans as 0/1, lists and objects as JSON text, unset as NULL. */
function sqlValue(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const CONVERSATION_COLUMNS = [
  'conversationId',
  'userId',
  'title',
  'isArchived',
  'isTemporary',
  'expiredAt',
  'createdAt',
  'updatedAt',
  ...OPTION_COLUMNS,
];
const CONVERSATION_UPSERT = `INSERT INTO conversations (${CONVERSATION_COLUMNS.join(', ')})
  VALUES (${CONVERSATION_COLUMNS.map((_, index) => `?${index + 1}`).join(', ')})
  ON CONFLICT (conversationId) DO UPDATE SET updatedAt = excluded.updatedAt, ${OPTION_COLUMNS.map((name) => `${name} = excluded.${name}`).join(', ')}
  WHERE conversations.userId = excluded.userId`;

/**
 * Creates the conversation, or updates its settings and `updatedAt`. Title, archive state,
 * temporary flag and creation time are never changed here. Never another user's row.
 */
export function upsertConversationStatement(d1: D1Database, record: ConversationRecord): D1PreparedStatement {
  const values = [
    record.conversationId,
    record.userId,
    record.title,
    record.isArchived,
    record.isTemporary,
    record.expiredAt,
    record.createdAt,
    record.updatedAt,
    ...OPTION_COLUMNS.map((name) => record.options[name]),
  ];
  return d1.prepare(CONVERSATION_UPSERT).bind(...values.map(sqlValue));
}

/** The columns of a MessageRecord, in the order the engine writes (and reads, history.ts) them. */
export const MESSAGE_COLUMNS = [
  'messageId',
  'conversationId',
  'userId',
  'parentMessageId',
  'sender',
  'text',
  'content',
  'isCreatedByUser',
  'endpoint',
  'model',
  'error',
  'unfinished',
  'finish_reason',
  'tokenCount',
  'files',
  'iconURL',
  'clientTimestamp',
  'expiredAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof MessageRecord)[];
const MESSAGE_INSERT = `INSERT INTO messages (${MESSAGE_COLUMNS.join(', ')})
  VALUES (${MESSAGE_COLUMNS.map((_, index) => `?${index + 1}`).join(', ')})
  ON CONFLICT (messageId) DO NOTHING`;

export function insertMessageStatement(d1: D1Database, record: MessageRecord): D1PreparedStatement {
  return d1.prepare(MESSAGE_INSERT).bind(...MESSAGE_COLUMNS.map((name) => sqlValue(record[name])));
}

/** A continued reply is updated in place: its text, parts and state; ids and parent stay. */
export function updateReplyStatement(d1: D1Database, record: MessageRecord): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE messages SET text = ?1, content = ?2, error = ?3, unfinished = ?4, finish_reason = ?5, tokenCount = ?6, model = ?7, updatedAt = ?8
       WHERE messageId = ?9 AND userId = ?10 AND conversationId = ?11`,
    )
    .bind(
      record.text,
      sqlValue(record.content),
      sqlValue(record.error),
      sqlValue(record.unfinished),
      record.finish_reason,
      record.tokenCount,
      record.model,
      record.updatedAt,
      record.messageId,
      record.userId,
      record.conversationId,
    );
}

/** The conversation's title, if it is the user's conversation (read with `.first<{ title: string }>()`). */
export function conversationTitleStatement(
  d1: D1Database,
  userId: string,
  conversationId: string,
): D1PreparedStatement {
  return d1
    .prepare('SELECT title FROM conversations WHERE conversationId = ?1 AND userId = ?2')
    .bind(conversationId, userId);
}

/** Sets a generated title, unless the user renamed the conversation meanwhile. */
export function saveTitleStatement(
  d1: D1Database,
  userId: string,
  conversationId: string,
  title: string,
  fromTitle: string,
): D1PreparedStatement {
  return d1
    .prepare(
      'UPDATE conversations SET title = ?1 WHERE conversationId = ?2 AND userId = ?3 AND title = ?4 RETURNING conversationId',
    )
    .bind(title, conversationId, userId, fromTitle);
}
