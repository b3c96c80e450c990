import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, json, timestamps } from './columns';

export const USER_ROLES = ['USER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const AUTH_PROVIDERS = ['local', 'openid', 'github', 'google', 'discord', 'facebook', 'apple'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** One 2FA backup code; only its hash is kept, with whether and when it was used. */
export interface StoredBackupCode {
  codeHash: string;
  used: boolean;
  usedAt: number | null;
}

/**
 * Accounts. `email` is stored lowercased (a CHECK enforces it) so the unique index is a
 * case-insensitive uniqueness rule and lookups need no `lower()`.
 *
 * `passwordHash` is self-describing so the work factor can be raised later without a schema
 * change: `pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>`. Verifiers must
 * reject an iteration count above workerd's PBKDF2 cap (100,000) before computing anything.
 * It is NULL for accounts that only sign in through a social provider.
 */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    username: text('username'),
    email: text('email').notNull(),
    emailVerified: bool('emailVerified').notNull().default(false),
    passwordHash: text('passwordHash'),
    avatar: text('avatar'),
    role: text('role', { enum: USER_ROLES }).notNull().default('USER'),
    provider: text('provider', { enum: AUTH_PROVIDERS }).notNull().default('local'),
    /** The account id at the social provider; unique per provider. */
    providerId: text('providerId'),
    twoFactorEnabled: bool('twoFactorEnabled').notNull().default(false),
    /** The TOTP secret, encrypted with CREDS_KEY (never stored in clear). */
    totpSecret: text('totpSecret'),
    backupCodes: json<StoredBackupCode[]>('backupCodes').notNull().default([]),
    /**
     * The last TOTP time step accepted, so a code cannot be replayed inside its window. Advance
     * it with a conditional UPDATE (`WHERE totpLastStep IS NULL OR totpLastStep < ?`) and
     * check `meta.changes`: D1 is the strongly consistent store for replay windows.
     */
    totpLastStep: integer('totpLastStep'),
    termsAccepted: bool('termsAccepted').notNull().default(false),
    /** Installed plugin keys. */
    plugins: json<string[]>('plugins').notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_provider_id_unique').on(t.provider, t.providerId),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('USER', 'ADMIN')`),
    check(
      'users_provider_valid',
      sql`${t.provider} in ('local', 'openid', 'github', 'google', 'discord', 'facebook', 'apple')`,
    ),
  ],
);

/**
 * Refresh-token sessions. Only a hash of the refresh token is stored. Rotation replaces
 * `refreshTokenHash`; revocation sets `revokedAt` (rows are kept until they expire so reuse of
 * a revoked token can be recognised).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refreshTokenHash').notNull(),
    /**
     * The hash replaced by the last rotation and when that happened: a client that raced
     * another tab may present it within a short grace period without being treated as a thief.
     */
    previousRefreshTokenHash: text('previousRefreshTokenHash'),
    rotatedAt: integer('rotatedAt'),
    expiresAt: integer('expiresAt').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('lastUsedAt'),
    revokedAt: integer('revokedAt'),
    userAgent: text('userAgent'),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_unique').on(t.refreshTokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const ONE_TIME_TOKEN_KINDS = ['verify_email', 'reset_password'] as const;
export type OneTimeTokenKind = (typeof ONE_TIME_TOKEN_KINDS)[number];

/** Email verification and password reset tokens, stored hashed; `usedAt` makes them single-use. */
export const oneTimeTokens = sqliteTable(
  'one_time_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ONE_TIME_TOKEN_KINDS }).notNull(),
    tokenHash: text('tokenHash').notNull(),
    expiresAt: integer('expiresAt').notNull(),
    usedAt: integer('usedAt'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    index('one_time_tokens_user_kind_idx').on(t.userId, t.kind),
    check('one_time_tokens_kind_valid', sql`${t.kind} in ('verify_email', 'reset_password')`),
  ],
);

/**
 * User-provided API keys per endpoint (or tool), encrypted with CREDS_KEY; `iv` is the
 * per-value nonce. A key past `expiresAt` counts as missing.
 */
export const userKeys = sqliteTable(
  'user_keys',
  {
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    iv: text('iv').notNull(),
    expiresAt: integer('expiresAt'),
    ...timestamps(),
  },
  (t) => [primaryKey({ name: 'user_keys_pk', columns: [t.userId, t.name] })],
);
