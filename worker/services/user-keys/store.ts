import { and, eq, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { userKeys } from '../../db/schema';
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';
import { log } from '../../logging/logger';
import { decryptString, encryptString } from '../crypto/aes-gcm';
import { credsAesKey } from '../crypto/creds-key';

/**
 * User-provided API keys (`user_provided` endpoints), one per (user, name), encrypted at rest
 * with AES-256-GCM under CREDS_KEY and a random IV per value (`user_keys.iv`). Every function
 * takes the user id, which callers take from the access token only.
 *
 * A key past its `expiresAt` counts as missing everywhere; expired rows are left
 * in place (a new PUT overwrites them, DELETE removes them).
 */
export type UserKeysEnv = Pick<EnvVars, 'CREDS_KEY'> & { DB: D1Database };

/** Bound into the ciphertext: a value moved to another user's or another name's row won't open. */
const context = (userId: string, name: string) => JSON.stringify(['user_keys', userId, name]);

function isLive(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || expiresAt > now;
}

export async function saveUserKey(
  env: UserKeysEnv,
  userId: string,
  name: string,
  value: string,
  expiresAt: number | null,
): Promise<void> {
  const sealed = await encryptString(await credsAesKey(env), value, context(userId, name));
  await db(env)
    .insert(userKeys)
    .values({ userId, name, value: sealed.ciphertext, iv: sealed.iv, expiresAt })
    .onConflictDoUpdate({
      target: [userKeys.userId, userKeys.name],
      set: { value: sealed.ciphertext, iv: sealed.iv, expiresAt, updatedAt: Date.now() },
    });
}

async function findLiveRow(env: UserKeysEnv, userId: string, name: string, now: number) {
  const row = await db(env)
    .select()
    .from(userKeys)
    .where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)))
    .get();
  return row && isLive(row.expiresAt, now) ? row : undefined;
}

/** `{expiresAt}` of a live key (null = never expires), or undefined when missing or expired. */
export async function getUserKeyExpiry(
  env: UserKeysEnv,
  userId: string,
  name: string,
  now = Date.now(),
): Promise<{ expiresAt: number | null } | undefined> {
  const row = await findLiveRow(env, userId, name, now);
  return row ? { expiresAt: row.expiresAt } : undefined;
}

/**
 * The decrypted key for the chat engine, or null when missing or expired. A stored value that
 * does not decrypt (CREDS_KEY changed, row tampered with) is a server problem, not a missing
 * key: it answers 500 so the operator notices instead of users being asked for keys again.
 */
export async function getUserKey(
  env: UserKeysEnv,
  userId: string,
  name: string,
  now = Date.now(),
): Promise<string | null> {
  const row = await findLiveRow(env, userId, name, now);
  if (!row) return null;
  const value = await decryptString(
    await credsAesKey(env),
    { iv: row.iv, ciphertext: row.value },
    context(userId, name),
  );
  if (value === null) {
    throw new HttpError(
      500,
      'A stored API key cannot be decrypted with the current CREDS_KEY.',
      'server_misconfigured',
    );
  }
  return value;
}

export async function deleteUserKey(env: UserKeysEnv, userId: string, name: string): Promise<void> {
  await db(env)
    .delete(userKeys)
    .where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)));
}

/** Every key of the user but those whose name starts with `keep`. */
export async function deleteAllUserKeys(env: UserKeysEnv, userId: string, keep: string): Promise<void> {
  await db(env)
    .delete(userKeys)
    .where(and(eq(userKeys.userId, userId), sql`substr(${userKeys.name}, 1, ${keep.length}) <> ${keep}`));
}

/** Rows whose name starts with `prefix` (a literal: `_` and `%` are not wildcards, unlike LIKE). */
const namedFrom = (userId: string, prefix: string) =>
  and(eq(userKeys.userId, userId), sql`substr(${userKeys.name}, 1, ${prefix.length}) = ${prefix}`);

/**
 * Every live value whose name starts with `prefix`, decrypted, by name: one D1 query however many
 * there are. A value that does not decrypt is left out with a log line (a tool then reads as not
 * set up) rather than failing a whole listing or send.
 */
export async function listUserKeys(
  env: UserKeysEnv,
  userId: string,
  prefix: string,
  now = Date.now(),
): Promise<Map<string, string>> {
  const rows = await db(env).select().from(userKeys).where(namedFrom(userId, prefix)).all();
  const live = rows.filter((row) => isLive(row.expiresAt, now));
  if (live.length === 0) return new Map();
  const key = await credsAesKey(env);
  const values = new Map<string, string>();
  for (const row of live) {
    const value = await decryptString(key, { iv: row.iv, ciphertext: row.value }, context(userId, row.name));
    if (value === null) log.warn('user_key_undecryptable', { name: row.name });
    else values.set(row.name, value);
  }
  return values;
}

/**
 * Replaces every value whose name starts with `prefix` by `values` (full names), in one D1 batch:
 * either all of them are stored or none, and nothing of the earlier set is left behind. Callers
 * keep `values` small (D1 binds at most 100 parameters per statement, seven per row here).
 */
export async function replaceUserKeys(
  env: UserKeysEnv,
  userId: string,
  prefix: string,
  values: Readonly<Record<string, string>>,
): Promise<void> {
  const key = await credsAesKey(env);
  const rows = await Promise.all(
    Object.entries(values).map(async ([name, value]) => {
      if (!name.startsWith(prefix)) throw new Error(`${name} is outside ${prefix}`);
      const sealed = await encryptString(key, value, context(userId, name));
      return { userId, name, value: sealed.ciphertext, iv: sealed.iv, expiresAt: null };
    }),
  );
  const client = db(env);
  const remove = client.delete(userKeys).where(namedFrom(userId, prefix));
  await client.batch(rows.length > 0 ? [remove, client.insert(userKeys).values(rows)] : [remove]);
}

export async function deleteUserKeys(env: UserKeysEnv, userId: string, prefix: string): Promise<void> {
  await db(env).delete(userKeys).where(namedFrom(userId, prefix));
}
