import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, conversationOptionColumns, json, timestamps } from './columns';
import { users } from './users';

/**
 * Conversations. `conversationId` is the public id (client- or server-generated uuid) and is
 * unique; `seq` is an explicit INTEGER PRIMARY KEY (the rowid) so the rowid is stable across
 * VACUUM and dumps: the FTS5 `search_index` rows of conversation titles are keyed by it (see
 * migrations/0001_search_index.sql). Always address a conversation by
 * (`userId`, `conversationId`), never by `seq`.
 *
 * Temporary chats have `isTemporary` and an `expiredAt`; they are left out of the list index
 * (the list never shows them) and found for cleanup by `conversations_expired_idx`.
 */
export const conversations = sqliteTable(
  'conversations',
  {
    seq: integer('seq').primaryKey(),
    conversationId: text('conversationId').notNull(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    isArchived: bool('isArchived').notNull().default(false),
    isTemporary: bool('isTemporary').notNull().default(false),
    expiredAt: integer('expiredAt'),
    thread_id: text('thread_id'),
    ...conversationOptionColumns(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('conversations_id_unique').on(t.conversationId),
    // Parent key for the composite foreign keys of messages, tags links and shares, which
    // make it impossible to attach a row to another user's conversation.
    uniqueIndex('conversations_user_id_unique').on(t.userId, t.conversationId),
    // Keyset pagination of the sidebar: equality on (userId, isArchived), then a backwards
    // range scan on (updatedAt, conversationId): no sort. Partial, because the list excludes
    // temporary chats, and the query must repeat `expiredAt IS NULL` to use it.
    index('conversations_list_idx')
      .on(t.userId, t.isArchived, t.updatedAt, t.conversationId)
      .where(sql`${t.expiredAt} is null`),
    index('conversations_expired_idx')
      .on(t.expiredAt)
      .where(sql`${t.expiredAt} is not null`),
  ],
);

/**
 * Bookmark tags. `count` is the number of conversations carrying the tag
 * and is maintained by triggers on `conversation_tags` (migration 0001): never write it.
 */
export const tags = sqliteTable(
  'tags',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    description: text('description'),
    count: integer('count').notNull().default(0),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tags_user_tag_unique').on(t.userId, t.tag),
    index('tags_user_position_idx').on(t.userId, t.position),
  ],
);

/**
 * Which conversation carries which tag. The composite foreign keys keep a link inside one
 * user's data; renaming a tag (`UPDATE tags SET tag = …`) renames its links through
 * ON UPDATE CASCADE, deleting a tag or a conversation deletes its links.
 */
export const conversationTags = sqliteTable(
  'conversation_tags',
  {
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversationId').notNull(),
    tag: text('tag').notNull(),
  },
  (t) => [
    primaryKey({ name: 'conversation_tags_pk', columns: [t.conversationId, t.tag] }),
    index('conversation_tags_user_tag_idx').on(t.userId, t.tag, t.conversationId),
    foreignKey({
      name: 'conversation_tags_conversation_fk',
      columns: [t.userId, t.conversationId],
      foreignColumns: [conversations.userId, conversations.conversationId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'conversation_tags_tag_fk',
      columns: [t.userId, t.tag],
      foreignColumns: [tags.userId, tags.tag],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * Public share links. `messageIds` is the snapshot taken when the link was created (or
 * refreshed): the share shows those messages only, never later ones.
 */
export const sharedLinks = sqliteTable(
  'shared_links',
  {
    shareId: text('shareId').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversationId').notNull(),
    title: text('title'),
    isPublic: bool('isPublic').notNull().default(true),
    messageIds: json<string[]>('messageIds').notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('shared_links_user_created_idx').on(t.userId, t.createdAt),
    // One public link per conversation, also under concurrent requests.
    uniqueIndex('shared_links_public_conversation_unique')
      .on(t.conversationId)
      .where(sql`${t.isPublic} = 1`),
    index('shared_links_conversation_idx').on(t.conversationId),
    foreignKey({
      name: 'shared_links_conversation_fk',
      columns: [t.userId, t.conversationId],
      foreignColumns: [conversations.userId, conversations.conversationId],
    }).onDelete('cascade'),
  ],
);
