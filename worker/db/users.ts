import { eq } from 'drizzle-orm';
import type { PublicUser } from '../contract/auth';
import { db } from './client';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(d1: D1Database, id: string): Promise<UserRow | undefined> {
  return db({ DB: d1 }).select().from(users).where(eq(users.id, id)).get();
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
