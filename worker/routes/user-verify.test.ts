import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findUserById } from '../db/users';
import { EMAIL_ENV, captureEmails, linkParams, randomIp, send } from '../test/account-helpers';
import { createTestUser } from '../test/auth-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const RESEND_MESSAGE = {
  message: 'If an account with that email exists and is not yet verified, a new verification link has been sent to it.',
};
const resend = (email: string, ip = randomIp()) => send('/api/user/verify/resend', { email }, { ip, vars: EMAIL_ENV });
const verify = (email: string, token: string | null) => send('/api/user/verify', { email, token }, { vars: EMAIL_ENV });

/** Sends a verification link to an unverified account and returns its token. */
async function freshToken(email: string): Promise<string> {
  const sent = captureEmails();
  await resend(email);
  const token = linkParams(sent.at(-1)).params.get('token');
  if (!token) throw new Error('no token');
  return token;
}

describe('POST /api/user/verify', () => {
  it('verifies the email once; the token cannot be used again', async () => {
    const user = await createTestUser({ emailVerified: false });
    const token = await freshToken(user.email);
    const res = await verify(user.email.toUpperCase(), token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Email verified' });
    expect((await findUserById(env.DB, user.id))?.emailVerified).toBe(true);

    const again = await verify(user.email, token);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: 'Invalid or expired email verification token' });
  });

  it("refuses a token with another account's email", async () => {
    const user = await createTestUser({ emailVerified: false });
    const other = await createTestUser({ emailVerified: false });
    const token = await freshToken(user.email);
    expect((await verify(other.email, token)).status).toBe(400);
    expect((await findUserById(env.DB, other.id))?.emailVerified).toBe(false);
  });

  it('refuses an expired token (24 hours)', async () => {
    const user = await createTestUser({ emailVerified: false });
    const token = await freshToken(user.email);
    const row = await env.DB.prepare(
      "SELECT expiresAt, createdAt FROM one_time_tokens WHERE userId = ? AND kind = 'verify_email'",
    )
      .bind(user.id)
      .first<{ expiresAt: number; createdAt: number }>();
    expect((row?.expiresAt ?? 0) - (row?.createdAt ?? 0)).toBeGreaterThan(24 * 3_600_000 - 5_000);
    expect((row?.expiresAt ?? 0) - (row?.createdAt ?? 0)).toBeLessThan(24 * 3_600_000 + 5_000);
    await env.DB.prepare('UPDATE one_time_tokens SET expiresAt = ? WHERE userId = ?')
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await verify(user.email, token)).status).toBe(400);
  });

  it('does not accept a password-reset token as a verification token', async () => {
    const user = await createTestUser({ emailVerified: false });
    const sent = captureEmails();
    await send('/api/auth/requestPasswordReset', { email: user.email }, { vars: EMAIL_ENV });
    const resetToken = linkParams(sent[0]).params.get('token');
    expect((await verify(user.email, resetToken)).status).toBe(400);
  });

  it('answers 400 for a missing token or email', async () => {
    expect((await send('/api/user/verify', { email: 'a@b.co' })).status).toBe(400);
    expect((await send('/api/user/verify', { token: 'abc' })).status).toBe(400);
  });
});

describe('POST /api/user/verify/resend', () => {
  it('answers alike for unverified, verified and unknown addresses; emails only the unverified one', async () => {
    const unverified = await createTestUser({ emailVerified: false });
    const verified = await createTestUser();
    const sent = captureEmails();
    for (const email of [unverified.email, verified.email, 'nobody@example.com']) {
      const res = await resend(email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(RESEND_MESSAGE);
    }
    expect(sent.map((mail) => mail.body.to[0]?.email)).toEqual([unverified.email]);
    const { url, params } = linkParams(sent[0]);
    expect(url.pathname).toBe('/verify');
    expect(params.get('email')).toBe(unverified.email);
  });

  it('replaces the earlier link', async () => {
    const user = await createTestUser({ emailVerified: false });
    const first = await freshToken(user.email);
    const second = await freshToken(user.email);
    expect((await verify(user.email, first)).status).toBe(400);
    expect((await verify(user.email, second)).status).toBe(200);
  });

  it('limits resends per IP (2 per 2 minutes) with 429 verify_email_limit', async () => {
    captureEmails();
    const ip = randomIp();
    expect((await resend('a@example.com', ip)).status).toBe(200);
    expect((await resend('b@example.com', ip)).status).toBe(200);
    const limited = await resend('c@example.com', ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'verify_email_limit' });
  });

  it('answers 400 when email is not configured', async () => {
    expect((await send('/api/user/verify/resend', { email: 'a@example.com' })).status).toBe(400);
  });
});
