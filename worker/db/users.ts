import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PublicUser } from '../contract/auth';
import { db } from './client';
import { prepareSql } from './raw-batch';
import { sessions, users, type AuthProvider } from './schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(d1: D1Database, id: string): Promise<UserRow | undefined> {
  return db({ DB: d1 }).select().from(users).where(eq(users.id, id)).get();
}

/**
 * The account as findUserById reads it, for a batch of the caller's (decode its row with
 * decodeRow). `id` may be an SQL expression that an earlier statement of the batch decides.
 */
export function userStatement(d1: D1Database, id: string | SQL): D1PreparedStatement {
  return prepareSql(d1, db({ DB: d1 }).select().from(users).where(eq(users.id, id)));
}

/** Emails are stored lowercased (a CHECK enforces it), so the lookup lowercases too. */
export async function findUserByEmail(d1: D1Database, email: string): Promise<UserRow | undefined> {
  return db({ DB: d1 }).select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** The user as the API shows it: never the password hash, TOTP secret or backup codes. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username ?? '',
    email: row.email,
    name: row.name ?? '',
    avatar: row.avatar,
    role: row.role,
    provider: row.provider,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    termsAccepted: row.termsAccepted,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** What a new account is made of; everything else takes its column default. */
export interface NewUser {
  email: string;
  name: string | null;
  username: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  provider?: AuthProvider;
  providerId?: string | null;
  avatar?: string | null;
}

/**
 * Creates an account, or returns undefined when the email is taken. The first account ever
 * becomes ADMIN: the role is decided inside the INSERT itself (one statement, so one SQLite
 * transaction), so two concurrent "first" sign-ups cannot both become admin, and nothing the
 * caller passes can choose the role. For every way of creating an account (password, social).
 */
export async function insertUser(d1: D1Database, fields: NewUser): Promise<UserRow | undefined> {
  return db({ DB: d1 })
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: fields.email.trim().toLowerCase(),
      name: fields.name,
      username: fields.username,
      passwordHash: fields.passwordHash,
      emailVerified: fields.emailVerified,
      provider: fields.provider ?? 'local',
      providerId: fields.providerId ?? null,
      avatar: fields.avatar ?? null,
      role: sql`(CASE WHEN NOT EXISTS (SELECT 1 FROM ${users}) THEN 'ADMIN' ELSE 'USER' END)`,
    })
    .onConflictDoNothing({ target: users.email })
    .returning()
    .get();
}

export async function markEmailVerified(d1: D1Database, userId: string): Promise<void> {
  await db({ DB: d1 }).update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/**
 * Sets a new password and signs out every session, in one transaction: a reset must not leave
 * a stolen session alive, nor revoke sessions without changing the password.
 */
export async function replacePasswordAndRevokeSessions(
  d1: D1Database,
  userId: string,
  passwordHash: string,
  options: { markVerified: boolean },
): Promise<void> {
  const client = db({ DB: d1 });
  const now = Date.now();
  await client.batch([
    client
      .update(users)
      .set({ passwordHash, ...(options.markVerified ? { emailVerified: true } : {}) })
      .where(eq(users.id, userId)),
    client
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`)),
  ]);
}

export async function setTermsAccepted(d1: D1Database, userId: string): Promise<void> {
  await db({ DB: d1 }).update(users).set({ termsAccepted: true }).where(eq(users.id, userId));
}

/**
 * Deletes the account row. Every user-owned table references users with ON DELETE CASCADE
 * (conversations, messages, sessions, keys, files, …; D1 always enforces foreign keys), so
 * this one statement removes all their rows and the FTS triggers drop their search entries.
 */
export async function deleteUserRow(d1: D1Database, userId: string): Promise<void> {
  await db({ DB: d1 }).delete(users).where(eq(users.id, userId));
}
