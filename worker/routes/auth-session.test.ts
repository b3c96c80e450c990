import jwt from '@tsndr/cloudflare-worker-jwt';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../services/auth/encoding';
import { ROTATION_GRACE_MS } from '../services/auth/sessions';
import { signTwoFactorTempToken } from '../services/auth/tokens';
import { clearsRefreshCookie, refreshCookieOf, send } from '../test/account-helpers';
import { TEST_PASSWORD, authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

async function signIn() {
  const user = await createTestUser();
  const res = await send('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  const cookie = refreshCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return { user, cookie, token: (await res.json<{ token: string }>()).token };
}

const refresh = (cookie?: string, query = '') => send(`/api/auth/refresh${query}`, undefined, cookie ? { cookie } : {});
const sessionIdOf = (cookie: string) => cookie.slice('refreshToken='.length).split('.')[0] ?? '';

describe('POST /api/auth/refresh', () => {
  it('rotates the cookie and answers {token, user}', async () => {
    const { user, cookie } = await signIn();
    const res = await refresh(cookie, '?retry=true');
    expect(res.status).toBe(200);
    const body = await res.json<{ token: string; user: { id: string } }>();
    expect(body.user.id).toBe(user.id);
    const rotated = refreshCookieOf(res);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect((await send('/api/user', undefined, { token: body.token }, 'GET')).status).toBe(200);
    expect((await refresh(rotated)).status).toBe(200);
  });

  it('answers 200 "Refresh token not provided" without a cookie', async () => {
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Refresh token not provided');
  });

  it.each(['refreshToken=garbage', 'refreshToken=abc.def', `refreshToken=${crypto.randomUUID()}.${'x'.repeat(43)}`])(
    'answers 401 and clears the cookie for an unknown token (%s)',
    async (cookie) => {
      const res = await refresh(cookie);
      expect(res.status).toBe(401);
      expect(clearsRefreshCookie(res)).toBe(true);
    },
  );

  it('revokes the session when a rotated-out token comes back after the grace period', async () => {
    const { cookie: first } = await signIn();
    const second = refreshCookieOf(await refresh(first));
    if (!second) throw new Error('no rotated cookie');
    // The rotation happened longer ago than the grace allowed for racing tabs.
    await env.DB.prepare('UPDATE sessions SET rotatedAt = rotatedAt - ? WHERE id = ?')
      .bind(ROTATION_GRACE_MS + 1000, sessionIdOf(first))
      .run();

    const reused = await refresh(first);
    expect(reused.status).toBe(401);
    expect(clearsRefreshCookie(reused)).toBe(true);
    // The thief may hold the current token: it is dead too.
    expect((await refresh(second)).status).toBe(401);
  });

  it('accepts the just-replaced token within the grace period (two tabs refreshing at once)', async () => {
    const { cookie: first } = await signIn();
    expect((await refresh(first)).status).toBe(200);
    expect((await refresh(first)).status).toBe(200);
  });

  it('answers 401 for an expired session', async () => {
    const { cookie } = await signIn();
    await env.DB.prepare('UPDATE sessions SET expiresAt = ? WHERE id = ?')
      .bind(Date.now() - 1, sessionIdOf(cookie))
      .run();
    expect((await refresh(cookie)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session and clears the cookie; refresh then fails', async () => {
    const { cookie } = await signIn();
    const res = await send('/api/auth/logout', undefined, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Logout successful' });
    expect(clearsRefreshCookie(res)).toBe(true);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('works without a cookie or an access token', async () => {
    const res = await send('/api/auth/logout', undefined);
    expect(res.status).toBe(200);
    expect(clearsRefreshCookie(res)).toBe(true);
  });

  it('leaves other sessions of the user alone', async () => {
    const { user, cookie } = await signIn();
    const other = refreshCookieOf(await send('/api/auth/login', { email: user.email, password: TEST_PASSWORD }));
    await send('/api/auth/logout', undefined, { cookie });
    expect((await refresh(other)).status).toBe(200);
  });
});

describe('access tokens on GET /api/user', () => {
  const claimsOf = (user: { id: string; email: string; username: string | null }, expOffsetSeconds: number) => {
    const iat = Math.floor(Date.now() / 1000);
    return {
      id: user.id,
      sub: user.id,
      username: user.username ?? '',
      provider: 'local',
      email: user.email,
      aud: 'access',
      iat,
      exp: iat + expOffsetSeconds,
    };
  };
  const getUser = (token: string) => send('/api/user', undefined, { token }, 'GET');

  it('accepts a valid token', async () => {
    const user = await createTestUser();
    const res = await callApp('/api/user', { headers: await authHeader(user) });
    expect(res.status).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const user = await createTestUser();
    const forged = await jwt.sign(claimsOf(user, 600), 'not-the-server-secret', { algorithm: 'HS256' });
    expect((await getUser(forged)).status).toBe(401);
  });

  it('refuses an alg:none token', async () => {
    const user = await createTestUser();
    const part = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part(claimsOf(user, 600))}.`;
    expect((await getUser(unsigned)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createTestUser();
    const expired = await jwt.sign(claimsOf(user, -60), env.JWT_SECRET ?? '', { algorithm: 'HS256' });
    expect((await getUser(expired)).status).toBe(401);
  });

  it('refuses a 2FA-pending temp token', async () => {
    const user = await createTestUser();
    expect((await getUser(await signTwoFactorTempToken(env, user.id))).status).toBe(401);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    expect((await send('/api/user', undefined, {}, 'GET')).status).toBe(401);
    expect((await getUser('not.a.jwt')).status).toBe(401);
  });
});
