/**
 * A user's OAuth tokens for an action, sealed per user in `user_keys` (as user-provided API keys
 * are): `action:<id>:access` holds the access token with its expiry, `action:<id>:refresh` the
 * refresh token. The access row itself never expires in the table: an expired token must still
 * be told apart from none, since the first is refreshed or answered "expired", the second asks
 * the user to sign in.
 */
import type { OAuthToken } from '../../../agent-tools/actions/oauth';
import { deleteUserKey, getUserKey, saveUserKey, type UserKeysEnv } from '../../user-keys/store';

const accessName = (actionId: string) => `action:${actionId}:access`;
const refreshName = (actionId: string) => `action:${actionId}:refresh`;

interface StoredAccess {
  token: string;
  expiresAt: number | null;
}

function parseAccess(text: string): StoredAccess | null {
  try {
    const value = JSON.parse(text) as Partial<StoredAccess>;
    if (typeof value.token !== 'string') return null;
    return { token: value.token, expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : null };
  } catch {
    return null;
  }
}

export async function loadActionToken(env: UserKeysEnv, userId: string, actionId: string): Promise<OAuthToken | null> {
  const [access, refreshToken] = await Promise.all([
    getUserKey(env, userId, accessName(actionId)),
    getUserKey(env, userId, refreshName(actionId)),
  ]);
  const stored = access === null ? null : parseAccess(access);
  if (!stored) return null;
  return { accessToken: stored.token, refreshToken, expiresAt: stored.expiresAt };
}

/** Stores new tokens; a refresh answer without a refresh token keeps the one stored. */
export async function saveActionToken(
  env: UserKeysEnv,
  userId: string,
  actionId: string,
  token: OAuthToken,
): Promise<void> {
  const access: StoredAccess = { token: token.accessToken, expiresAt: token.expiresAt };
  await saveUserKey(env, userId, accessName(actionId), JSON.stringify(access), null);
  if (token.refreshToken !== null) await saveUserKey(env, userId, refreshName(actionId), token.refreshToken, null);
}

/** Forgets tokens that can no longer be used, so the next call asks the user to sign in. */
export async function dropActionToken(env: UserKeysEnv, userId: string, actionId: string): Promise<void> {
  await Promise.all([
    deleteUserKey(env, userId, accessName(actionId)),
    deleteUserKey(env, userId, refreshName(actionId)),
  ]);
}
