import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyAccessToken, verifyTwoFactorTempToken } from '../services/auth/tokens';
import { EMAIL_ENV, medianMs, randomIp, refreshCookieOf, send, setCookies } from '../test/account-helpers';
import { TEST_PASSWORD, createTestUser } from '../test/auth-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const login = (email: string, password: string, options: Parameters<typeof send>[2] = {}) =>
  send('/api/auth/login', { email, password }, options);

describe('POST /api/auth/login', () => {
  it('answers {token, user} and sets the refresh cookie (httpOnly, Strict, Secure, /api/auth)', async () => {
    const user = await createTestUser();
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'USER' });
    for (const secret of ['passwordHash', 'totpSecret', 'backupCodes']) expect(body.user).not.toHaveProperty(secret);
    expect(await verifyAccessToken(env, body.token)).toMatchObject({ id: user.id, email: user.email });

    const cookie = setCookies(res).find((c) => c.startsWith('refreshToken='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('leaves out Secure in local development only', async () => {
    const user = await createTestUser();
    const res = await login(user.email, TEST_PASSWORD, { vars: { ENVIRONMENT: 'development' } });
    expect(setCookies(res).find((c) => c.startsWith('refreshToken='))).not.toMatch(/Secure/i);
  });

  it('gives unknown email, wrong password and social-only accounts the same 401', async () => {
    const user = await createTestUser();
    const social = await createTestUser({ passwordHash: null, provider: 'github', providerId: crypto.randomUUID() });
    const answers = await Promise.all([
      login('nobody-here@example.com', TEST_PASSWORD),
      login(user.email, 'a wrong password'),
      login(social.email, TEST_PASSWORD),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Email or password is incorrect', code: 'invalid_credentials' });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('derives one PBKDF2 hash for an unknown email as for a wrong password (timing)', async () => {
    const user = await createTestUser();
    await login('warm-up@example.com', TEST_PASSWORD); // builds the dummy hash once per isolate
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    await login('nobody@example.com', TEST_PASSWORD);
    expect(derive).toHaveBeenCalledTimes(1);
    await login(user.email, 'a wrong password');
    expect(derive).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();

    const unknown = await medianMs(5, () => login('nobody@example.com', TEST_PASSWORD));
    const wrong = await medianMs(5, () => login(user.email, 'a wrong password'));
    // Loose bounds keep this robust on a busy machine; a missing hash would be ~10x apart.
    expect(unknown).toBeGreaterThan(wrong / 3);
    expect(wrong).toBeGreaterThan(unknown / 3);
  });

  it.each([
    ['no email', { password: TEST_PASSWORD }],
    ['a short password', { email: 'a@b.co', password: 'short' }],
    ['an email over 120 characters', { email: `${'a'.repeat(120)}@b.co`, password: TEST_PASSWORD }],
    ['no body', undefined],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await send('/api/auth/login', body ?? {});
    expect(res.status).toBe(400);
  });

  it('answers 422 for an unverified email when email is configured, only with the right password', async () => {
    const user = await createTestUser({ emailVerified: false });
    expect((await login(user.email, 'a wrong password', { vars: EMAIL_ENV })).status).toBe(401);
    const res = await login(user.email, TEST_PASSWORD, { vars: EMAIL_ENV });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'Email not verified', code: 'email_not_verified' });
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('lets an unverified email in with ALLOW_UNVERIFIED_EMAIL_LOGIN=true, or when email is off', async () => {
    const user = await createTestUser({ emailVerified: false });
    expect(
      (await login(user.email, TEST_PASSWORD, { vars: { ...EMAIL_ENV, ALLOW_UNVERIFIED_EMAIL_LOGIN: 'true' } })).status,
    ).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('answers twoFAPending with a temp token, and no session, for a 2FA account', async () => {
    const user = await createTestUser({ twoFactorEnabled: true });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json<{ twoFAPending: boolean; tempToken: string; token?: string }>();
    expect(body.twoFAPending).toBe(true);
    expect(body.token).toBeUndefined();
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(await verifyTwoFactorTempToken(env, body.tempToken)).toBe(user.id);
    // The temp token is not an access token.
    expect((await send('/api/user', undefined, { token: body.tempToken }, 'GET')).status).toBe(401);
  });

  it('answers 403 when email login is switched off', async () => {
    const user = await createTestUser();
    expect((await login(user.email, TEST_PASSWORD, { vars: { ALLOW_EMAIL_LOGIN: 'false' } })).status).toBe(403);
  });
});

describe('login rate limit and bans', () => {
  const shiftWindowsBack = (ip: string, ms: number) =>
    env.DB.prepare('UPDATE rate_limits SET windowStart = windowStart - ? WHERE key LIKE ?').bind(ms, `%ip:${ip}`).run();

  it('answers 429 com_auth_error_login_rl past LOGIN_MAX, per IP, and recovers after the window', async () => {
    const user = await createTestUser();
    const ip = randomIp();
    const vars = { LOGIN_MAX: '2', LOGIN_WINDOW: '1', BAN_VIOLATIONS: 'false' };
    expect((await login(user.email, 'wrong password 1', { ip, vars })).status).toBe(401);
    expect((await login(user.email, 'wrong password 2', { ip, vars })).status).toBe(401);
    const limited = await login(user.email, TEST_PASSWORD, { ip, vars });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'Too many login attempts, please try again after 1 minutes.',
      code: 'com_auth_error_login_rl',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Other IPs are unaffected.
    expect((await login(user.email, TEST_PASSWORD, { vars })).status).toBe(200);

    // The window passes (its row is moved one window into the past): the IP may try again.
    await shiftWindowsBack(ip, 60_000);
    expect((await login(user.email, TEST_PASSWORD, { ip, vars })).status).toBe(200);
  });

  it('counts with the LibreChat defaults (7 per 5 minutes)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 7; i++) expect((await login('nobody@example.com', TEST_PASSWORD, { ip })).status).toBe(401);
    expect((await login('nobody@example.com', TEST_PASSWORD, { ip })).status).toBe(429);
  });

  it('bans an IP that keeps hitting the limit (BAN_INTERVAL violations), with 403 ban', async () => {
    const user = await createTestUser();
    const ip = randomIp();
    const vars = { LOGIN_MAX: '1', BAN_VIOLATIONS: 'true', BAN_INTERVAL: '2', BAN_DURATION: '1000 * 60 * 10' };
    expect((await login(user.email, TEST_PASSWORD, { ip, vars })).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, { ip, vars })).status).toBe(429); // violation 1
    expect((await login(user.email, TEST_PASSWORD, { ip, vars })).status).toBe(429); // violation 2: banned
    const banned = await login(user.email, TEST_PASSWORD, { ip, vars });
    expect(banned.status).toBe(403);
    expect(await banned.json()).toEqual({
      message: 'Your account has been temporarily banned due to violations of our service.',
      code: 'ban',
    });

    // Even after the rate-limit window, the ban holds until it expires.
    await shiftWindowsBack(ip, 10 * 60_000);
    expect((await login(user.email, TEST_PASSWORD, { ip, vars })).status).toBe(403);
    // The ban expires (and the rate-limit window passes again): the IP is let in.
    await env.DB.prepare('UPDATE bans SET expiresAt = ? WHERE key = ?')
      .bind(Date.now() - 1, `ip:${ip}`)
      .run();
    await shiftWindowsBack(ip, 10 * 60_000);
    expect((await login(user.email, TEST_PASSWORD, { ip, vars })).status).toBe(200);
  });

  it('does not ban when BAN_VIOLATIONS=false', async () => {
    const ip = randomIp();
    const vars = { LOGIN_MAX: '1', BAN_VIOLATIONS: 'false', BAN_INTERVAL: '1' };
    for (let i = 0; i < 4; i++) await login('nobody@example.com', TEST_PASSWORD, { ip, vars });
    expect((await login('nobody@example.com', TEST_PASSWORD, { ip, vars })).status).toBe(429);
  });
});
