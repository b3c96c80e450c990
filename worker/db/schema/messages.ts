import { foreignKey, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  bool,
  createdAt,
  json,
  timestamps,
  type JsonObject,
  type MessageContentPart,
  type MessageFileRef,
} from './columns';
import { conversations } from './conversations';
import { users } from './users';

/**
 * Messages; they form a tree through `parentMessageId` (the root's parent is the all-zeros
 * uuid, so it is not a foreign key).
 *
 * `messageId` is the public id and is unique; `seq` is an explicit INTEGER PRIMARY KEY so the
 * rowid is stable: the FTS5 `search_index` row of a message has rowid = `seq`, and the sync
 * triggers (migration 0001) find it by that key. `seq` also orders messages created in the
 * same millisecond. Always address a message by (`userId`, `messageId`).
 *
 * The composite foreign key to (userId, conversationId) means a message can only belong to a
 * conversation of the same user, and deleting the conversation deletes its messages.
 *
 * `expiredAt` mirrors the temporary conversation's; expired messages go with their
 * conversation (cascade), so it needs no index of its own.
 *
 * `clientTimestamp` is the client's local wall-clock time as sent (LibreChat sends a local
 * ISO-like string without zone), so it is text, unlike every other timestamp.
 */
export const messages = sqliteTable(
  'messages',
  {
    seq: integer('seq').primaryKey(),
    messageId: text('messageId').notNull(),
    conversationId: text('conversationId').notNull(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentMessageId: text('parentMessageId'),
    sender: text('sender'),
    text: text('text').notNull().default(''),
    content: json<MessageContentPart[]>('content'),
    isCreatedByUser: bool('isCreatedByUser').notNull().default(false),
    endpoint: text('endpoint'),
    model: text('model'),
    error: bool('error').notNull().default(false),
    unfinished: bool('unfinished').notNull().default(false),
    finish_reason: text('finish_reason'),
    tokenCount: integer('tokenCount'),
    files: json<MessageFileRef[]>('files'),
    attachments: json<JsonObject[]>('attachments'),
    plugin: json<JsonObject>('plugin'),
    plugins: json<JsonObject[]>('plugins'),
    iconURL: text('iconURL'),
    thread_id: text('thread_id'),
    generation: text('generation'),
    clientTimestamp: text('clientTimestamp'),
    expiredAt: integer('expiredAt'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('messages_id_unique').on(t.messageId),
    // Opening a conversation: `WHERE conversationId = ? ORDER BY createdAt` is an index range
    // without sort, and the tree skeleton (ids and parents) is read from the index alone.
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.messageId, t.parentMessageId),
    // Ownership-scoped lookups (search, export) and the user cascade.
    index('messages_user_idx').on(t.userId, t.createdAt),
    foreignKey({
      name: 'messages_conversation_fk',
      columns: [t.userId, t.conversationId],
      foreignColumns: [conversations.userId, conversations.conversationId],
    }).onDelete('cascade'),
  ],
);

/**
 * Tool call records (a tool's result per message part). Not foreign-keyed to the conversation
 * or message: a run writes them while it streams, before the final messages reach D1. A
 * trigger (migration 0001) deletes them with their conversation instead.
 */
export const toolCalls = sqliteTable(
  'tool_calls',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversationId').notNull(),
    messageId: text('messageId').notNull(),
    toolId: text('toolId').notNull(),
    partIndex: integer('partIndex'),
    blockIndex: integer('blockIndex'),
    result: json<unknown>('result'),
    attachments: json<JsonObject[]>('attachments'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tool_calls_conversation_idx').on(t.conversationId, t.messageId),
    index('tool_calls_user_idx').on(t.userId),
  ],
);
