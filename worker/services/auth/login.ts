import type { Context } from 'hono';
import type { AuthSuccess } from '../../contract/auth';
import { toPublicUser, type UserRow } from '../../db/users';
import type { AppEnv } from '../../env';
import { setRefreshCookie } from './cookies';
import { createSession } from './sessions';
import { signAccessToken } from './tokens';

/**
 * The last step of every way of signing in (password, 2FA, social, registration without
 * verification): a new session with its refresh cookie, and an access token for the SPA.
 */
export async function completeLogin(c: Context<AppEnv>, user: UserRow): Promise<AuthSuccess> {
  const { refreshToken, expiresAt } = await createSession(c.env, user.id, c.req.header('user-agent'));
  setRefreshCookie(c, refreshToken, expiresAt);
  return { token: await accessTokenFor(c, user), user: toPublicUser(user) };
}

export function accessTokenFor(c: Context<AppEnv>, user: UserRow): Promise<string> {
  return signAccessToken(c.env, {
    id: user.id,
    username: user.username ?? '',
    provider: user.provider,
    email: user.email,
  });
}
