import { env } from 'cloudflare:workers';
import { db } from '../db/client';
import { users } from '../db/schema';
import { findUserById, type UserRow } from '../db/users';
import { hashPassword } from '../services/auth/passwords';
import { signAccessToken } from '../services/auth/tokens';

export const TEST_PASSWORD = 'correct horse battery';

let passwordHash: string | undefined;

/** A local account with TEST_PASSWORD, fresh ids each call so tests never collide. */
export async function createTestUser(overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  passwordHash ??= await hashPassword(TEST_PASSWORD);
  const id = crypto.randomUUID();
  await db(env)
    .insert(users)
    .values({
      id,
      name: 'Test User',
      username: `user-${id.slice(0, 8)}`,
      email: `user-${id}@example.com`,
      emailVerified: true,
      passwordHash,
      ...overrides,
    });
  const user = await findUserById(env.DB, id);
  if (!user) throw new Error('test user was not created');
  return user;
}

/** `Authorization` header of a valid access token for `user`. */
export async function authHeader(user: UserRow): Promise<Record<string, string>> {
  const token = await signAccessToken(env, {
    id: user.id,
    username: user.username ?? '',
    provider: user.provider,
    email: user.email,
  });
  return { authorization: `Bearer ${token}` };
}
