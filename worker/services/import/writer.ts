import type { TreeMessage } from './tree';

/**
 * The D1 statements that store one imported conversation. They are sent as one `batch` — one
 * transaction — so a conversation is stored whole or not at all. Messages are inserted with
 * multi-row VALUES, chunked so no statement binds more than D1's 100 parameters; the search
 * index follows through the insert triggers (migration 0001).
 */

/** D1 refuses a statement binding more parameters than this. */
export const D1_MAX_BOUND_PARAMETERS = 100;

export interface ConversationToWrite {
  conversationId: string;
  userId: string;
  title: string;
  endpoint: string;
  model: string | null;
  createdAt: number;
  updatedAt: number;
  messages: TreeMessage[];
}

type SqlValue = string | number | null;

// Bound once per statement as ?1, ?2, ?3: the same for every message of the conversation.
const SHARED_COLUMNS = ['conversationId', 'userId', 'endpoint'] as const;
const ROW_COLUMNS = [
  'messageId',
  'parentMessageId',
  'sender',
  'text',
  'content',
  'isCreatedByUser',
  'model',
  'error',
  'unfinished',
  'createdAt',
] as const;
/** `updatedAt` of an imported message is its `createdAt`: it reuses that parameter. */
const INSERT_COLUMNS = [...SHARED_COLUMNS, ...ROW_COLUMNS, 'updatedAt'].join(', ');

export const MESSAGE_ROWS_PER_STATEMENT = Math.floor(
  (D1_MAX_BOUND_PARAMETERS - SHARED_COLUMNS.length) / ROW_COLUMNS.length,
);

function rowValues(message: TreeMessage): SqlValue[] {
  const { message: m } = message;
  return [
    message.messageId,
    message.parentMessageId,
    m.sender,
    m.text,
    m.content ? JSON.stringify(m.content) : null,
    m.isCreatedByUser ? 1 : 0,
    m.model,
    m.error ? 1 : 0,
    m.unfinished ? 1 : 0,
    message.createdAt,
  ];
}

/** `(?1, ?2, ?3, ?4 … ?13, ?13)` for the row whose own parameters start at `first`. */
function rowPlaceholders(first: number): string {
  const own = ROW_COLUMNS.map((_, index) => `?${first + index}`);
  const createdAt = own[own.length - 1];
  return `(${SHARED_COLUMNS.map((_, index) => `?${index + 1}`).join(', ')}, ${own.join(', ')}, ${createdAt})`;
}

function insertMessagesStatement(
  d1: D1Database,
  conversation: ConversationToWrite,
  rows: TreeMessage[],
): D1PreparedStatement {
  const placeholders = rows.map((_, index) => rowPlaceholders(SHARED_COLUMNS.length + 1 + index * ROW_COLUMNS.length));
  const params: SqlValue[] = [
    conversation.conversationId,
    conversation.userId,
    conversation.endpoint,
    ...rows.flatMap(rowValues),
  ];
  return d1.prepare(`INSERT INTO messages (${INSERT_COLUMNS}) VALUES ${placeholders.join(', ')}`).bind(...params);
}

export function conversationStatements(d1: D1Database, conversation: ConversationToWrite): D1PreparedStatement[] {
  const statements = [
    d1
      .prepare(
        'INSERT INTO conversations (conversationId, userId, title, endpoint, model, createdAt, updatedAt) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)',
      )
      .bind(
        conversation.conversationId,
        conversation.userId,
        conversation.title,
        conversation.endpoint,
        conversation.model,
        conversation.createdAt,
        conversation.updatedAt,
      ),
  ];
  // Parents come before children in `messages`, and chunks keep that order.
  for (let start = 0; start < conversation.messages.length; start += MESSAGE_ROWS_PER_STATEMENT) {
    statements.push(
      insertMessagesStatement(d1, conversation, conversation.messages.slice(start, start + MESSAGE_ROWS_PER_STATEMENT)),
    );
  }
  return statements;
}
