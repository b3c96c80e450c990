import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../db/users';
import { CAPTCHA_MESSAGES } from '../services/auth/turnstile-check';
import { DEFAULT_TURNSTILE_VERIFY_URL } from '../services/auth/turnstile-verify';
import { randomIp, send, uniqueEmail } from '../test/account-helpers';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { TEST_PASSWORD, createTestUser } from '../test/auth-helpers';
import { consoleLines } from '../test/console-lines';
import {
  GOOD_TOKEN,
  TEST_TURNSTILE_SECRET,
  TURNSTILE_ENV,
  TURNSTILE_YAML,
  standInSiteverify,
} from '../test/turnstile-stand-in';

const PASSWORD = 'a good long password';
const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'New Person',
  email,
  password: PASSWORD,
  confirm_password: PASSWORD,
  ...extra,
});

const register = (body: unknown, ip = randomIp(), vars = TURNSTILE_ENV) =>
  send('/api/auth/register', body, { ip, vars });
const login = (body: unknown, vars = TURNSTILE_ENV) => send('/api/auth/login', body, { vars });

beforeEach(async () => {
  await storeAppConfig(TURNSTILE_YAML);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await clearAppConfig();
});

async function expectRefusal(res: Response, status: number, body: { message: string; code: string }) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual(body);
}

describe('POST /api/auth/register with Turnstile', () => {
  it('checks the token with siteverify (form-encoded secret, response, remoteip), then creates the account', async () => {
    const siteverify = standInSiteverify({ success: true });
    const email = uniqueEmail('human');
    const res = await register(registration(email, { turnstileToken: GOOD_TOKEN }), '203.0.113.9');
    expect(res.status).toBe(200);
    expect(await findUserByEmail(env.DB, email)).toBeDefined();
    expect(siteverify.contentTypes).toEqual([expect.stringContaining('application/x-www-form-urlencoded')]);
    expect(siteverify.forms.map((form) => Object.fromEntries(form))).toEqual([
      { secret: TEST_TURNSTILE_SECRET, response: GOOD_TOKEN, remoteip: '203.0.113.9' },
    ]);
  });

  it('refuses a request without a token before asking siteverify or creating anything', async () => {
    const siteverify = standInSiteverify({ success: true });
    const email = uniqueEmail('bot');
    await expectRefusal(await register(registration(email)), 400, {
      message: CAPTCHA_MESSAGES.required,
      code: 'captcha_required',
    });
    await expectRefusal(await register(registration(email, { turnstileToken: '  ' })), 400, {
      message: CAPTCHA_MESSAGES.required,
      code: 'captcha_required',
    });
    expect(siteverify.forms).toEqual([]);
    expect(await findUserByEmail(env.DB, email)).toBeUndefined();
  });

  it('refuses a token siteverify rejects, and creates no account', async () => {
    standInSiteverify({ success: false, 'error-codes': ['invalid-input-response'] });
    const email = uniqueEmail('forged');
    await expectRefusal(await register(registration(email, { turnstileToken: 'forged' })), 403, {
      message: CAPTCHA_MESSAGES.rejected,
      code: 'captcha_failed',
    });
    expect(await findUserByEmail(env.DB, email)).toBeUndefined();
  });

  it('says so when the token expired or was already used', async () => {
    standInSiteverify({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    await expectRefusal(await register(registration(uniqueEmail(), { turnstileToken: GOOD_TOKEN })), 403, {
      message: CAPTCHA_MESSAGES.expired,
      code: 'captcha_failed',
    });
  });

  it('answers a clear 503 when siteverify cannot be reached, and logs why', async () => {
    standInSiteverify('network-error');
    const email = uniqueEmail('offline');
    let res: Response | undefined;
    const lines = await consoleLines(async () => {
      res = await register(registration(email, { turnstileToken: GOOD_TOKEN }));
    });
    if (!res) throw new Error('no response');
    await expectRefusal(res, 503, { message: CAPTCHA_MESSAGES.unavailable, code: 'captcha_unavailable' });
    expect(lines).toContainEqual(expect.objectContaining({ event: 'turnstile_unreachable', reason: 'network' }));
    expect(await findUserByEmail(env.DB, email)).toBeUndefined();
  });

  it('never passes on the provider’s own answer when it fails', async () => {
    standInSiteverify(new Response('upstream exploded: secret=abc stack at foo()', { status: 502 }));
    const res = await register(registration(uniqueEmail(), { turnstileToken: GOOD_TOKEN }));
    const text = await res.text();
    expect(res.status).toBe(503);
    expect(text).not.toContain('exploded');
    expect(JSON.parse(text)).toEqual({ message: CAPTCHA_MESSAGES.unavailable, code: 'captcha_unavailable' });
  });

  it('treats an answer it cannot read as unavailable', async () => {
    standInSiteverify(new Response('<html>captive portal</html>', { status: 200 }));
    const res = await register(registration(uniqueEmail(), { turnstileToken: GOOD_TOKEN }));
    expect(res.status).toBe(503);
  });

  it('logs a secret that siteverify refuses as the operator’s problem', async () => {
    standInSiteverify({ success: false, 'error-codes': ['invalid-input-secret'] });
    let res: Response | undefined;
    const lines = await consoleLines(async () => {
      res = await register(registration(uniqueEmail(), { turnstileToken: GOOD_TOKEN }));
    });
    expect(res?.status).toBe(503);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'turnstile_secret_rejected', method: 'error' }),
    );
  });

  it('refuses everyone, and logs the missing variable, when the site key has no secret', async () => {
    const siteverify = standInSiteverify({ success: true });
    const email = uniqueEmail('nosecret');
    let res: Response | undefined;
    const lines = await consoleLines(async () => {
      res = await register(registration(email, { turnstileToken: GOOD_TOKEN }), randomIp(), {
        TURNSTILE_VERIFY_URL: TURNSTILE_ENV.TURNSTILE_VERIFY_URL ?? '',
      });
    });
    if (!res) throw new Error('no response');
    await expectRefusal(res, 503, { message: CAPTCHA_MESSAGES.misconfigured, code: 'server_misconfigured' });
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: 'turnstile_misconfigured',
        problem: expect.stringContaining('TURNSTILE_SECRET_KEY'),
      }),
    );
    expect(siteverify.forms).toEqual([]);
    expect(await findUserByEmail(env.DB, email)).toBeUndefined();
  });

  it('asks Cloudflare’s siteverify when TURNSTILE_VERIFY_URL is not set', async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      urls.push(new Request(input, init).url);
      return Response.json({ success: true });
    });
    const res = await register(registration(uniqueEmail(), { turnstileToken: GOOD_TOKEN }), randomIp(), {
      TURNSTILE_SECRET_KEY: TEST_TURNSTILE_SECRET,
    });
    expect(res.status).toBe(200);
    expect(urls).toEqual([DEFAULT_TURNSTILE_VERIFY_URL]);
  });

  it('asks for nothing when librechat.yaml has no turnstile section', async () => {
    await clearAppConfig();
    const siteverify = standInSiteverify({ success: false });
    const res = await register(registration(uniqueEmail()));
    expect(res.status).toBe(200);
    expect(siteverify.forms).toEqual([]);
  });
});

describe('POST /api/auth/login with Turnstile', () => {
  it('signs in with a token siteverify accepts', async () => {
    const siteverify = standInSiteverify({ success: true });
    const user = await createTestUser();
    const res = await login({ email: user.email, password: TEST_PASSWORD, turnstileToken: GOOD_TOKEN });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: expect.any(String), user: { id: user.id } });
    expect(siteverify.forms.map((form) => form.get('response'))).toEqual([GOOD_TOKEN]);
  });

  it('refuses a missing token even with the right password', async () => {
    const siteverify = standInSiteverify({ success: true });
    const user = await createTestUser();
    await expectRefusal(await login({ email: user.email, password: TEST_PASSWORD }), 400, {
      message: CAPTCHA_MESSAGES.required,
      code: 'captcha_required',
    });
    expect(siteverify.forms).toEqual([]);
  });

  it('refuses a rejected token before the password is looked at', async () => {
    standInSiteverify({ success: false, 'error-codes': ['invalid-input-response'] });
    const user = await createTestUser();
    // A wrong password would be a 401: the 403 shows the captcha decided first.
    await expectRefusal(await login({ email: user.email, password: 'wrong password!', turnstileToken: 'x' }), 403, {
      message: CAPTCHA_MESSAGES.rejected,
      code: 'captcha_failed',
    });
  });

  it('answers a clear 503 on a network error', async () => {
    standInSiteverify('network-error');
    const user = await createTestUser();
    let res: Response | undefined;
    await consoleLines(async () => {
      res = await login({ email: user.email, password: TEST_PASSWORD, turnstileToken: GOOD_TOKEN });
    });
    if (!res) throw new Error('no response');
    await expectRefusal(res, 503, { message: CAPTCHA_MESSAGES.unavailable, code: 'captcha_unavailable' });
  });

  it('still checks the password after the captcha passes', async () => {
    standInSiteverify({ success: true });
    const user = await createTestUser();
    const res = await login({ email: user.email, password: 'wrong password!', turnstileToken: GOOD_TOKEN });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/config with Turnstile', () => {
  it('shows the site key and widget options, never the secret', async () => {
    const res = await send('/api/config', undefined, { vars: TURNSTILE_ENV }, 'GET');
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      turnstile: { siteKey: '1x00000000000000000000AA', options: { language: 'de', size: 'compact' } },
    });
    expect(text).not.toContain(TEST_TURNSTILE_SECRET);
  });

  it('leaves turnstile out when it is not configured', async () => {
    await clearAppConfig();
    const res = await send('/api/config', undefined, {}, 'GET');
    expect(await res.json()).not.toHaveProperty('turnstile');
  });
});
