import jwt from '@tsndr/cloudflare-worker-jwt';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signTwoFactorTempToken } from '../services/auth/tokens';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { TEST_CREDS, callAs, enableTwoFactor, letTimePass, totpCode } from '../test/two-factor-helpers';

/** `POST /api/auth/2fa/verify-temp`: the second step of a 2FA login. */
const verifyTemp = (body: unknown) => callAs(null, '/api/auth/2fa/verify-temp', 'POST', body);

async function twoFactorUser() {
  const user = await createTestUser();
  const setup = await enableTwoFactor(user);
  await letTimePass(user.id); // the confirm's step is not what these tests are about
  return { user, ...setup, tempToken: await signTwoFactorTempToken(env, user.id) };
}

describe('POST /api/auth/2fa/verify-temp', () => {
  it('completes the login with a current code: access token, user, refresh cookie', async () => {
    const { user, secret, tempToken } = await twoFactorUser();
    const res = await verifyTemp({ tempToken, token: await totpCode(secret) });
    expect(res.status).toBe(200);
    const body = await res.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: user.id, email: user.email, twoFactorEnabled: true });
    expect(body.user).not.toHaveProperty('totpSecret');
    expect(body.user).not.toHaveProperty('backupCodes');
    expect(res.headers.get('set-cookie')).toMatch(/refreshToken=/);
    // The access token works: a signed-in call gets past requireAuth (400 for the made-up code, not 401).
    const authed = await callApp(
      '/api/auth/2fa/verify',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ backupCode: 'ZZZZZZZZ' }),
      },
      TEST_CREDS,
    );
    expect(authed.status).toBe(400);
  });

  it('rejects the same code twice (replay)', async () => {
    const { secret, tempToken } = await twoFactorUser();
    const code = await totpCode(secret);
    expect((await verifyTemp({ tempToken, token: code })).status).toBe(200);
    const replay = await verifyTemp({ tempToken, token: code });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-cookie')).toBeNull();
  });

  it('completes the login with a backup code, once', async () => {
    const { backupCodes, tempToken } = await twoFactorUser();
    expect((await verifyTemp({ tempToken, backupCode: backupCodes[0] })).status).toBe(200);
    expect((await verifyTemp({ tempToken, backupCode: backupCodes[0] })).status).toBe(401);
  });

  it("refuses another user's code", async () => {
    const alice = await twoFactorUser();
    const bob = await twoFactorUser();
    expect((await verifyTemp({ tempToken: alice.tempToken, token: await totpCode(bob.secret) })).status).toBe(401);
    expect((await verifyTemp({ tempToken: alice.tempToken, backupCode: bob.backupCodes[0] })).status).toBe(401);
  });

  it('refuses an access token in place of the temp token', async () => {
    const { user, secret } = await twoFactorUser();
    const accessToken = (await authHeader(user)).authorization?.replace('Bearer ', '');
    const res = await verifyTemp({ tempToken: accessToken, token: await totpCode(secret) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid or expired temporary token' });
  });

  it('refuses an expired temp token, one signed with another secret, and garbage', async () => {
    const { user, secret } = await twoFactorUser();
    const past = Math.floor(Date.now() / 1000) - 600;
    const claims = { sub: user.id, aud: '2fa-pending', iat: past, exp: past + 300 };
    const expired = await jwt.sign(claims, env.JWT_SECRET ?? '', { algorithm: 'HS256' });
    const foreign = await jwt.sign({ ...claims, exp: past + 3600 }, 'another-secret', { algorithm: 'HS256' });
    const code = await totpCode(secret);
    for (const tempToken of [expired, foreign, 'not-a-jwt']) {
      expect((await verifyTemp({ tempToken, token: code })).status).toBe(401);
    }
    // The code was not spent by those attempts.
    expect((await verifyTemp({ tempToken: await signTwoFactorTempToken(env, user.id), token: code })).status).toBe(200);
  });

  it('refuses a temp token of a user without 2FA, and bodies without a code', async () => {
    const plain = await createTestUser();
    const tempToken = await signTwoFactorTempToken(env, plain.id);
    expect((await verifyTemp({ tempToken, token: '123456' })).status).toBe(401);
    expect((await verifyTemp({ tempToken })).status).toBe(400);
    expect((await verifyTemp({ token: '123456' })).status).toBe(400);
  });

  it('refuses codes after 2FA was disabled, even with a live temp token', async () => {
    const { user, secret, tempToken } = await twoFactorUser();
    expect((await callAs(user, '/api/auth/2fa/disable', 'POST', { token: await totpCode(secret) })).status).toBe(200);
    expect((await verifyTemp({ tempToken, token: await totpCode(secret, 1) })).status).toBe(401);
  });
});
