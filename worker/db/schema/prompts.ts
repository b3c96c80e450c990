import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { bool, json, timestamps } from './columns';
import { users } from './users';

/**
 * Prompt groups (a prompt's versions). `userId` is the author. Sharing with everyone puts
 * the instance project id into `projectIds` (a JSON array: groups are few, and a share check
 * is `EXISTS (SELECT 1 FROM json_each(projectIds) WHERE value = ?)`).
 * `isShared` mirrors "projectIds holds the instance project" as an indexed 0/1, so the list's
 * shared half is an index range instead of a JSON scan of every group.
 * `productionId` points at the version in production; deleting that version clears it (the
 * app then makes the first remaining version production).
 */
export const promptGroups = sqliteTable(
  'prompt_groups',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('authorName').notNull().default(''),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    oneliner: text('oneliner').notNull().default(''),
    command: text('command'),
    productionId: text('productionId').references((): AnySQLiteColumn => prompts.id, {
      onDelete: 'set null',
    }),
    numberOfGenerations: integer('numberOfGenerations').notNull().default(0),
    projectIds: json<string[]>('projectIds').notNull().default([]),
    isShared: bool('isShared').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('prompt_groups_user_updated_idx').on(t.userId, t.updatedAt),
    index('prompt_groups_user_created_idx').on(t.userId, t.createdAt, t.id),
    // `userId` last: counting others' shared groups reads this index alone, no table rows.
    index('prompt_groups_shared_created_idx').on(t.isShared, t.createdAt, t.id, t.userId),
    // The same two ranges within one category, for a page filtered by category.
    index('prompt_groups_user_category_created_idx').on(t.userId, t.category, t.createdAt, t.id),
    index('prompt_groups_shared_category_created_idx').on(t.isShared, t.category, t.createdAt, t.id, t.userId),
    index('prompt_groups_name_idx').on(t.name),
    index('prompt_groups_category_idx').on(t.category),
    index('prompt_groups_command_idx').on(t.command),
  ],
);

/** `ownerId` of the tallies of every author's shared groups (no user id is empty). */
export const ALL_OWNERS = '';

/**
 * How many prompt groups there are per author, category and shared flag, and (`ownerId` =
 * {@link ALL_OWNERS}, `isShared` 1) how many shared groups per category across all authors, so a
 * page's `pages` sums a few tallies instead of counting every visible group. Kept by triggers
 * on `prompt_groups` (migration 0008): never written by the app. A tally that drops to zero goes.
 */
export const promptGroupCounts = sqliteTable(
  'prompt_group_counts',
  {
    ownerId: text('ownerId').notNull(),
    category: text('category').notNull(),
    isShared: bool('isShared').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'prompt_group_counts_pk', columns: [t.ownerId, t.category, t.isShared] })],
);

export const PROMPT_TYPES = ['text', 'chat'] as const;

/** Prompt versions; newest is "latest", the group's `productionId` is "production". */
export const prompts = sqliteTable(
  'prompts',
  {
    id: text('id').primaryKey(),
    groupId: text('groupId')
      .notNull()
      .references((): AnySQLiteColumn => promptGroups.id, { onDelete: 'cascade' }),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    type: text('type', { enum: PROMPT_TYPES }).notNull().default('text'),
    /** Free-form tags a version carries besides latest and production (`PATCH …/labels`). */
    labels: json<string[]>('labels').notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('prompts_group_created_idx').on(t.groupId, t.createdAt),
    index('prompts_user_idx').on(t.userId),
    check('prompts_type_valid', sql`${t.type} in ('text', 'chat')`),
  ],
);
