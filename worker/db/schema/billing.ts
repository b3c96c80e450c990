import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, nowMs } from './columns';
import { users } from './users';

export const REFILL_INTERVAL_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;

/**
 * Token credit balance per user. Spend with one conditional UPDATE
 * (`SET tokenCredits = tokenCredits - ? WHERE userId = ? AND tokenCredits >= ?`) and check
 * `meta.changes`: D1 has no interactive transactions.
 */
export const balances = sqliteTable('balances', {
  userId: text('userId')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenCredits: real('tokenCredits').notNull().default(0),
  autoRefillEnabled: bool('autoRefillEnabled').notNull().default(false),
  refillIntervalValue: integer('refillIntervalValue').notNull().default(30),
  refillIntervalUnit: text('refillIntervalUnit', { enum: REFILL_INTERVAL_UNITS }).notNull().default('days'),
  refillAmount: real('refillAmount').notNull().default(0),
  lastRefill: integer('lastRefill').notNull().default(nowMs),
});

export const TOKEN_TYPES = ['prompt', 'completion', 'credits'] as const;

/**
 * The ledger of spending and refills. `rawAmount` is the token count (negative when spent),
 * `rate` the multiplier of the model, `tokenValue` = rawAmount × rate in credits. Cache
 * writes/reads of prompt caching are broken out in the three optional token columns.
 * Not foreign-keyed to conversations: the ledger outlives deleted conversations.
 */
export const transactions = sqliteTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversationId'),
    messageId: text('messageId'),
    tokenType: text('tokenType', { enum: TOKEN_TYPES }).notNull(),
    model: text('model'),
    context: text('context'),
    rawAmount: real('rawAmount').notNull().default(0),
    tokenValue: real('tokenValue').notNull().default(0),
    rate: real('rate'),
    inputTokens: integer('inputTokens'),
    writeTokens: integer('writeTokens'),
    readTokens: integer('readTokens'),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    check('transactions_token_type_valid', sql`${t.tokenType} in ('prompt', 'completion', 'credits')`),
  ],
);
