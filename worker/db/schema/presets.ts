import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, conversationOptionColumns, timestamps } from './columns';
import { users } from './users';

/**
 * Presets: the conversation option columns plus presetId, title, defaultPreset and order
 * (as LibreChat's presets carry them). Options are columns, like conversations, so a preset and a conversation
 * convert into each other field by field. `order` is an SQL keyword: quote it in raw SQL.
 */
export const presets = sqliteTable(
  'presets',
  {
    presetId: text('presetId').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    defaultPreset: bool('defaultPreset').notNull().default(false),
    order: integer('order'),
    ...conversationOptionColumns(),
    ...timestamps(),
  },
  (t) => [
    index('presets_user_order_idx').on(t.userId, t.order, t.updatedAt),
    // At most one default preset per user, even under concurrent writes.
    uniqueIndex('presets_user_default_unique')
      .on(t.userId)
      .where(sql`${t.defaultPreset} = 1`),
  ],
);
