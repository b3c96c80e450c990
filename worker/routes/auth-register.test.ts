import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../db/users';
import { parseAppConfig } from '../services/config/parse';
import { APP_CONFIG_KV_KEY, resetConfigCacheForTests, saveAppConfig } from '../services/config/store';
import {
  EMAIL_ENV,
  captureEmails,
  linkParams,
  randomIp,
  refreshCookieOf,
  send,
  uniqueEmail,
} from '../test/account-helpers';

const PASSWORD = 'a good long password';
const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'New Person',
  email,
  password: PASSWORD,
  confirm_password: PASSWORD,
  ...extra,
});

afterEach(async () => {
  vi.restoreAllMocks();
  await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  resetConfigCacheForTests();
});

describe('POST /api/auth/register — roles', () => {
  beforeAll(async () => {
    // This file has its own database; make sure it starts without accounts.
    await env.DB.prepare('DELETE FROM users').run();
  });

  it('makes the first account ADMIN and every later one USER', async () => {
    const first = await send('/api/auth/register', registration(uniqueEmail('first')));
    expect(first.status).toBe(200);
    const firstBody = await first.json<{ token: string; user: { role: string } }>();
    expect(firstBody.user.role).toBe('ADMIN');
    expect(firstBody.token).toEqual(expect.any(String));

    const second = await send('/api/auth/register', registration(uniqueEmail('second')));
    expect((await second.json<{ user: { role: string } }>()).user.role).toBe('USER');
  });

  it('ignores role, ids, emailVerified and other fields a client should not set', async () => {
    captureEmails();
    const email = uniqueEmail('sneaky');
    const res = await send(
      '/api/auth/register',
      registration(email, {
        role: 'ADMIN',
        user: { role: 'ADMIN' },
        _id: 'attacker-chosen-id',
        id: 'attacker-chosen-id',
        emailVerified: true,
        provider: 'github',
        twoFactorEnabled: true,
        termsAccepted: true,
      }),
      { vars: EMAIL_ENV },
    );
    expect(res.status).toBe(200);
    const row = await findUserByEmail(env.DB, email);
    expect(row).toMatchObject({
      role: 'USER',
      emailVerified: false,
      provider: 'local',
      twoFactorEnabled: false,
      termsAccepted: false,
    });
    expect(row?.id).not.toBe('attacker-chosen-id');
  });
});

describe('POST /api/auth/register — without email', () => {
  it('signs the new account in: {token, user} and a refresh cookie; the token works', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await send('/api/auth/register', registration(email.toUpperCase(), { username: 'chosen-name' }));
    expect(res.status).toBe(200);
    const body = await res.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      name: 'New Person',
      username: 'chosen-name',
      emailVerified: true,
      provider: 'local',
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(refreshCookieOf(res)).toBeDefined();
    const me = await send('/api/user', undefined, { token: body.token }, 'GET');
    expect(me.status).toBe(200);
  });

  it("defaults the username to the email's local part", async () => {
    const email = uniqueEmail('localpart');
    const body = await (await send('/api/auth/register', registration(email))).json<{ user: { username: string } }>();
    expect(body.user.username).toBe(email.split('@')[0]);
  });

  it('refuses a duplicate email (case-insensitive) with 409', async () => {
    const email = uniqueEmail('dup');
    expect((await send('/api/auth/register', registration(email))).status).toBe(200);
    const again = await send('/api/auth/register', registration(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'An account with this email already exists.', code: 'email_in_use' });
  });

  it.each([
    ['mismatched confirmation', { confirm_password: 'something else entirely' }, 'Passwords do not match'],
    ['a short password', { password: 'short', confirm_password: 'short' }, 'at least 8'],
    ['a password over 128 characters', { password: 'x'.repeat(129), confirm_password: 'x'.repeat(129) }, 'at most 128'],
    ['a short name', { name: 'Al' }, 'Name must be at least 3'],
    ['an invalid email', { email: 'not-an-email' }, 'valid email'],
    ['an email over 120 characters', { email: `${'a'.repeat(115)}@example.com` }, 'at most 120'],
  ])('answers 400 for %s', async (_label, override, message) => {
    const res = await send('/api/auth/register', registration(uniqueEmail(), override));
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain(message);
  });

  it('answers 403 when registration is switched off', async () => {
    const res = await send('/api/auth/register', registration(uniqueEmail()), {
      vars: { ALLOW_REGISTRATION: 'false' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Registration is not allowed.', code: 'registration_disabled' });
  });

  it("enforces the config's registration.allowedDomains", async () => {
    const parsed = parseAppConfig('version: 1.2.5\nregistration:\n  allowedDomains:\n    - Allowed.test\n');
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    await saveAppConfig(env.CONFIG, parsed.config);

    const refused = await send('/api/auth/register', registration('someone@elsewhere.test'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: expect.stringContaining('approved domains'),
      code: 'domain_not_allowed',
    });
    expect(await findUserByEmail(env.DB, 'someone@elsewhere.test')).toBeUndefined();

    const allowed = await send(
      '/api/auth/register',
      registration(`someone-${crypto.randomUUID().slice(0, 6)}@allowed.TEST`),
    );
    expect(allowed.status).toBe(200);
  });

  it('limits registrations per IP (REGISTER_MAX) with 429 registrations', async () => {
    const ip = randomIp();
    const vars = { REGISTER_MAX: '2' };
    expect((await send('/api/auth/register', registration(uniqueEmail()), { ip, vars })).status).toBe(200);
    expect((await send('/api/auth/register', registration(uniqueEmail()), { ip, vars })).status).toBe(200);
    const limited = await send('/api/auth/register', registration(uniqueEmail()), { ip, vars });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'registrations',
      message: expect.stringContaining('60 minutes'),
    });
    // Another client is not affected.
    expect((await send('/api/auth/register', registration(uniqueEmail()), { vars })).status).toBe(200);
  });
});

describe('POST /api/auth/register — with email', () => {
  it('creates an unverified account, emails a verification link, and signs nobody in', async () => {
    const sent = captureEmails();
    const email = uniqueEmail('verify');
    const res = await send('/api/auth/register', registration(email), { vars: EMAIL_ENV });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Please check your email to verify your email address.' });
    expect(refreshCookieOf(res)).toBeUndefined();

    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.authorization).toBe('Bearer test-email-key');
    expect(mail?.body).toMatchObject({
      from: { email: 'noreply@app.test', name: 'EdgeChat Mailer' },
      to: [{ email }],
      subject: expect.stringContaining('EdgeChat Test'),
    });
    const { url, params } = linkParams(mail);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.test/verify');
    expect(params.get('email')).toBe(email);
    expect(mail?.body.html).toContain('/verify?token=');

    // Unverified: the password is right but login answers 422 until the link is followed.
    const loginBody = { email, password: PASSWORD };
    const blocked = await send('/api/auth/login', loginBody, { vars: EMAIL_ENV });
    expect(blocked.status).toBe(422);
    expect(await blocked.json()).toMatchObject({ message: 'Email not verified' });

    const verified = await send('/api/user/verify', { email, token: params.get('token') }, { vars: EMAIL_ENV });
    expect(verified.status).toBe(200);
    expect((await send('/api/auth/login', loginBody, { vars: EMAIL_ENV })).status).toBe(200);
  });

  it('answers a duplicate exactly like a new account (no enumeration)', async () => {
    const sent = captureEmails();
    const taken = uniqueEmail('taken');
    await send('/api/auth/register', registration(taken), { vars: EMAIL_ENV });
    // Verify it, so a second registration sends nothing at all.
    const { params } = linkParams(sent[0]);
    await send('/api/user/verify', { email: taken, token: params.get('token') }, { vars: EMAIL_ENV });

    const fresh = await send('/api/auth/register', registration(uniqueEmail('fresh')), { vars: EMAIL_ENV });
    const duplicate = await send('/api/auth/register', registration(taken), { vars: EMAIL_ENV });
    expect(duplicate.status).toBe(fresh.status);
    expect(await duplicate.json()).toEqual(await fresh.json());
    expect(refreshCookieOf(duplicate)).toBeUndefined();
    // The fresh account got its link; the verified duplicate got nothing.
    expect(sent.map((mail) => mail.body.to[0]?.email).filter((to) => to === taken)).toHaveLength(1);
  });

  it('still answers 200 when the email API fails, and logs it', async () => {
    captureEmails(500);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await send('/api/auth/register', registration(uniqueEmail('fail')), { vars: EMAIL_ENV });
    expect(res.status).toBe(200);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('email_send_failed'));
    expect(String(errors.mock.calls[0]?.[0])).not.toContain('@example.com');
  });
});
