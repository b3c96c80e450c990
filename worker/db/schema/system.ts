import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, json, timestamps } from './columns';

/** Permission type → permission name → allowed. */
export type RolePermissions = Record<string, Record<string, boolean>>;

/**
 * The built-in permission sets: the fallback when a role row is missing, and the
 * values migration 0001 seeds (a test checks that the two agree).
 */
export const DEFAULT_ROLE_PERMISSIONS = {
  USER: {
    PROMPTS: { SHARED_GLOBAL: false, USE: true, CREATE: true },
    BOOKMARKS: { USE: true },
    AGENTS: { SHARED_GLOBAL: false, USE: true, CREATE: true },
    MULTI_CONVO: { USE: true },
    TEMPORARY_CHAT: { USE: true },
    RUN_CODE: { USE: true },
  },
  ADMIN: {
    PROMPTS: { SHARED_GLOBAL: true, USE: true, CREATE: true },
    BOOKMARKS: { USE: true },
    AGENTS: { SHARED_GLOBAL: true, USE: true, CREATE: true },
    MULTI_CONVO: { USE: true },
    TEMPORARY_CHAT: { USE: true },
    RUN_CODE: { USE: true },
  },
} as const satisfies Record<'USER' | 'ADMIN', RolePermissions>;

/**
 * Role permission sets. USER and ADMIN are seeded by migration 0001 with the defaults;
 * a check passes only if the flag is exactly `true`.
 */
export const roles = sqliteTable('roles', {
  name: text('name').primaryKey(),
  permissions: json<RolePermissions>('permissions').notNull().default({}),
  ...timestamps(),
});

/**
 * Banners. The app serves the current banner from KV (config); this is
 * the record of truth an admin edits. `message` is rendered as HTML: sanitise on write.
 */
export const banners = sqliteTable(
  'banners',
  {
    bannerId: text('bannerId').primaryKey(),
    message: text('message').notNull(),
    displayFrom: integer('displayFrom').notNull(),
    displayTo: integer('displayTo'),
    type: text('type', { enum: ['banner', 'popup'] })
      .notNull()
      .default('banner'),
    isPublic: bool('isPublic').notNull().default(false),
    persistable: bool('persistable').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('banners_display_idx').on(t.displayFrom, t.displayTo)],
);

/**
 * Fixed-window counters for limits that must be strongly consistent (login, registration,
 * messages, uploads): never KV, which is eventually consistent. One row per `key` (the limit and
 * subject, e.g. `login:ip:203.0.113.7`) holding its current window: counting is one upsert that
 * starts the count again when the window has moved on (services/rate-limit/counter.ts).
 * Concurrency leases share the table (db/leases.ts), with `windowStart` their expiry.
 * No index on `windowStart`: a count then writes one row, not two, and the cron's sweep of old
 * windows scans this small table (one row per live key) instead.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('windowStart').notNull(),
  count: integer('count').notNull().default(0),
});

/** Temporary bans after repeated violations (LibreChat's BAN_* settings). */
export const bans = sqliteTable(
  'bans',
  {
    key: text('key').primaryKey(),
    expiresAt: integer('expiresAt').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('bans_expires_idx').on(t.expiresAt)],
);
