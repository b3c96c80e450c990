import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnvVars } from '../env';
import {
  EMAIL_ENV,
  captureEmails,
  clearsRefreshCookie,
  linkParams,
  medianMs,
  refreshCookieOf,
  send,
} from '../test/account-helpers';
import { TEST_PASSWORD, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const NEW_PASSWORD = 'a brand new password';
const GENERIC = { message: 'If an account with that email exists, a password reset link has been sent to it.' };
const LINK_MODE: EnvVars = { ALLOW_PASSWORD_RESET: 'true' };

const requestReset = (email: string, vars: EnvVars = EMAIL_ENV, ip?: string) =>
  send('/api/auth/requestPasswordReset', { email }, { vars, ...(ip ? { ip } : {}) });
const resetWith = (params: URLSearchParams, password = NEW_PASSWORD, vars: EnvVars = EMAIL_ENV) =>
  send(
    '/api/auth/resetPassword',
    { token: params.get('token'), userId: params.get('userId'), password, confirm_password: password },
    { vars },
  );
const login = (email: string, password: string) => send('/api/auth/login', { email, password }, { vars: EMAIL_ENV });

/** Requests a reset for `email` by email and returns the link's parameters. */
async function emailedResetLink(email: string): Promise<URLSearchParams> {
  const sent = captureEmails();
  expect(await (await requestReset(email)).json()).toEqual(GENERIC);
  return linkParams(sent.at(-1)).params;
}

describe('POST /api/auth/requestPasswordReset', () => {
  it('answers the same for an existing and an unknown email, and emails only the account', async () => {
    const user = await createTestUser();
    const sent = captureEmails();
    const existing = await requestReset(user.email);
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(existing.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await existing.json()).toEqual(GENERIC);
    expect(await unknown.json()).toEqual(GENERIC);

    expect(sent).toHaveLength(1);
    expect(sent[0]?.body.to).toEqual([{ email: user.email }]);
    expect(sent[0]?.body.subject).toContain('EdgeChat Test');
    const { url, params } = linkParams(sent[0]);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.test/reset-password');
    expect(params.get('userId')).toBe(user.id);
    expect(params.get('token')?.length).toBeGreaterThanOrEqual(43);
  });

  it('takes similar time for an existing and an unknown email', async () => {
    const user = await createTestUser();
    captureEmails();
    // Fresh IPs each call: the reset limit is 2 per IP.
    const existing = await medianMs(5, () =>
      requestReset(user.email, EMAIL_ENV, `10.9.0.${Math.floor(Math.random() * 250)}`),
    );
    const unknown = await medianMs(5, () =>
      requestReset('nobody@example.com', EMAIL_ENV, `10.8.0.${Math.floor(Math.random() * 250)}`),
    );
    expect(existing).toBeLessThan(unknown * 3 + 5);
    expect(unknown).toBeLessThan(existing * 3 + 5);
  });

  it('uses DOMAIN_CLIENT for the link when set', async () => {
    const user = await createTestUser();
    const sent = captureEmails();
    await requestReset(user.email, { ...EMAIL_ENV, DOMAIN_CLIENT: 'https://chat.example.org/' });
    expect(linkParams(sent[0]).url.origin).toBe('https://chat.example.org');
  });

  it('answers the generic message even when the email API fails', async () => {
    const user = await createTestUser();
    captureEmails(503);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(GENERIC);
  });

  it('without email and with ALLOW_PASSWORD_RESET, answers the link for an account only', async () => {
    const user = await createTestUser();
    const social = await createTestUser({ passwordHash: null, provider: 'google', providerId: crypto.randomUUID() });
    const withLink = await (await requestReset(user.email, LINK_MODE)).json<{ link: string }>();
    expect(withLink.link).toMatch(/^http:\/\/app\.test\/reset-password\?token=[\w-]+&userId=/);
    expect(await (await requestReset('nobody@example.com', LINK_MODE)).json()).toEqual(GENERIC);
    expect(await (await requestReset(social.email, LINK_MODE)).json()).toEqual(GENERIC);

    const params = new URL(withLink.link).searchParams;
    expect((await resetWith(params, NEW_PASSWORD, LINK_MODE)).status).toBe(200);
  });

  it('agrees with passwordResetEnabled of GET /api/config, and refuses with 403 when off', async () => {
    for (const vars of [{}, LINK_MODE, EMAIL_ENV, { ...EMAIL_ENV, ALLOW_PASSWORD_RESET: 'false' }]) {
      captureEmails();
      const config = await (await callApp('/api/config', {}, vars)).json<{ passwordResetEnabled: boolean }>();
      const res = await requestReset('someone@example.com', vars);
      expect(res.status === 200).toBe(config.passwordResetEnabled);
      if (!config.passwordResetEnabled) {
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ message: 'Password reset is not allowed.' });
      }
      vi.restoreAllMocks();
    }
  });

  it('limits requests per IP (2 per 2 minutes) with 429 reset_password_limit', async () => {
    captureEmails();
    const ip = '10.77.0.1';
    expect((await requestReset('a@example.com', EMAIL_ENV, ip)).status).toBe(200);
    expect((await requestReset('b@example.com', EMAIL_ENV, ip)).status).toBe(200);
    const limited = await requestReset('c@example.com', EMAIL_ENV, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'reset_password_limit' });
  });

  it('answers 400 for an invalid email', async () => {
    expect((await requestReset('not-an-email')).status).toBe(400);
  });
});

describe('POST /api/auth/resetPassword', () => {
  it('sets the new password, signs out every session, and spends the token', async () => {
    const user = await createTestUser();
    const cookie = refreshCookieOf(await login(user.email, TEST_PASSWORD));
    const params = await emailedResetLink(user.email);

    const res = await resetWith(params);
    expect(res.status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const refreshed = await send('/api/auth/refresh', undefined, { cookie: cookie ?? '' });
    expect(refreshed.status).toBe(401);
    expect(clearsRefreshCookie(refreshed)).toBe(true);

    const again = await resetWith(params, 'yet another password');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: 'Invalid or expired password reset token' });
  });

  it('refuses a token presented for another user id, without spending it', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const params = await emailedResetLink(user.email);
    const swapped = new URLSearchParams(params);
    swapped.set('userId', other.id);
    expect((await resetWith(swapped)).status).toBe(400);
    expect((await resetWith(params)).status).toBe(200);
  });

  it('refuses an expired token (15 minutes)', async () => {
    const user = await createTestUser();
    const params = await emailedResetLink(user.email);
    await env.DB.prepare("UPDATE one_time_tokens SET expiresAt = ? WHERE userId = ? AND kind = 'reset_password'")
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await resetWith(params)).status).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('expires the token 15 minutes after it was issued', async () => {
    const user = await createTestUser();
    const before = Date.now();
    await emailedResetLink(user.email);
    const row = await env.DB.prepare(
      "SELECT expiresAt FROM one_time_tokens WHERE userId = ? AND kind = 'reset_password'",
    )
      .bind(user.id)
      .first<{ expiresAt: number }>();
    expect(row?.expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(row?.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it('invalidates an earlier link when a new one is requested', async () => {
    const user = await createTestUser();
    const first = await emailedResetLink(user.email);
    const second = await emailedResetLink(user.email);
    expect((await resetWith(first)).status).toBe(400);
    expect((await resetWith(second)).status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await createTestUser();
    const params = await emailedResetLink(user.email);
    const row = await env.DB.prepare('SELECT tokenHash FROM one_time_tokens WHERE userId = ?')
      .bind(user.id)
      .first<{ tokenHash: string }>();
    expect(row?.tokenHash).toBeDefined();
    expect(row?.tokenHash).not.toBe(params.get('token'));
  });

  it.each([
    ['a mismatched confirmation', { confirm_password: 'different password' }, 'Passwords do not match'],
    ['no token', { token: '' }, 'No valid reset token'],
    ['no user id', { userId: '' }, 'No valid user id'],
    ['a short password', { password: 'short', confirm_password: 'short' }, 'at least 8'],
  ])('answers 400 for %s', async (_label, override, message) => {
    const body = {
      token: 'x'.repeat(43),
      userId: crypto.randomUUID(),
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
      ...override,
    };
    const res = await send('/api/auth/resetPassword', body, { vars: EMAIL_ENV });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain(message);
  });
});
