import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { findUserByEmail, findUserById } from '../db/users';
import type { EnvVars } from '../env';
import { APP_CONFIG_KV_KEY, resetConfigCacheForTests, saveAppConfig } from '../services/config/store';
import { parseAppConfigObject } from '../services/config/parse';
import { resetDiscoveryCacheForTests } from '../services/oauth/discovery';
import {
  FAKE_CLIENT_ID,
  FAKE_ISSUER,
  installFakeIdp,
  OPENID_VARS,
  rsaSigningKey,
  signRs256,
  type FakeIdp,
} from '../services/oauth/fake-idp';
import { resetJwksCacheForTests } from '../services/oauth/id-token';
import { createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

let idp: FakeIdp;
let warn: MockInstance<typeof console.warn>;

/** The `detail` of every refusal logged so far: the reason the user is not told. */
function refusalDetails(): string[] {
  return warn.mock.calls.map((args) => String((JSON.parse(String(args[0])) as { detail?: string }).detail));
}

async function storeConfig(value: unknown): Promise<void> {
  const parsed = parseAppConfigObject(value);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  await saveAppConfig(env.CONFIG, parsed.config);
}

beforeEach(async () => {
  await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  resetConfigCacheForTests();
  resetDiscoveryCacheForTests();
  resetJwksCacheForTests();
  await env.DB.prepare('DELETE FROM users').run();
  // Callbacks count against the per-IP login limit; each test starts with a fresh budget.
  await env.DB.batch([env.DB.prepare('DELETE FROM rate_limits'), env.DB.prepare('DELETE FROM bans')]);
  idp = await installFakeIdp();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function setCookies(res: Response): string[] {
  // workerd's Headers.getAll is the typed way to read every Set-Cookie.
  return res.headers.getAll('set-cookie');
}

function cookiePair(res: Response, name: string): string {
  const header = setCookies(res).find((cookie) => cookie.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie set`);
  return header.split(';')[0] ?? '';
}

async function start(vars: EnvVars = OPENID_VARS) {
  const res = await callApp('/oauth/openid', {}, vars);
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  return {
    res,
    location,
    state: new URL(location).searchParams.get('state') ?? '',
    cookie: cookiePair(res, 'oauth_openid'),
  };
}

/** The whole flow: start, the provider approves, the browser comes back with its cookie. */
async function signIn(
  vars: EnvVars = OPENID_VARS,
  tamper: { state?: string; cookie?: string } = {},
): Promise<Response> {
  const flow = await start(vars);
  const code = idp.authorize(flow.location);
  const state = tamper.state ?? flow.state;
  const cookie = tamper.cookie ?? flow.cookie;
  return callApp(
    `/oauth/openid/callback?code=${code}&state=${encodeURIComponent(state)}`,
    { headers: cookie ? { cookie } : {} },
    vars,
  );
}

function errorOf(res: Response): string | null {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('http://app.test/login');
  return location.searchParams.get('error');
}

const tokenCalls = () => idp.calls.filter((call) => call.url === `${FAKE_ISSUER}/token`);

describe('GET /oauth/:provider', () => {
  it('redirects to the issuer with PKCE S256, state and nonce, binding them to a cookie', async () => {
    const { res, location } = await start();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${FAKE_ISSUER}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: FAKE_CLIENT_ID,
      redirect_uri: 'http://app.test/oauth/openid/callback',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const cookie = setCookies(res).find((header) => header.startsWith('oauth_openid=')) ?? '';
    expect(cookie).toMatch(/Path=\/oauth/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The verifier never leaves the cookie; only its hash goes to the provider.
    expect(location).not.toContain(cookie.split('=')[1]?.split('.')[1] ?? 'unreachable');
  });

  it('uses DOMAIN_SERVER for the redirect URI, and drops Secure only in development', async () => {
    const { res, location } = await start({
      ...OPENID_VARS,
      DOMAIN_SERVER: 'https://chat.example.com/',
      ENVIRONMENT: 'development',
    });
    expect(new URL(location).searchParams.get('redirect_uri')).toBe('https://chat.example.com/oauth/openid/callback');
    expect(setCookies(res).find((header) => header.startsWith('oauth_openid='))).not.toMatch(/Secure/);
  });

  it('is 404 unless the provider is configured, listed in socialLogins and social login is on', async () => {
    expect((await callApp('/oauth/github', {}, OPENID_VARS)).status).toBe(404);
    expect((await callApp('/oauth/twitter', {}, OPENID_VARS)).status).toBe(404);
    expect((await callApp('/oauth/openid', {}, { ...OPENID_VARS, ALLOW_SOCIAL_LOGIN: 'false' })).status).toBe(404);
    expect((await callApp('/oauth/openid', {}, { ...OPENID_VARS, OPENID_ISSUER: '' })).status).toBe(404);
    expect(
      (await callApp('/oauth/openid/callback?code=x&state=y', {}, { ...OPENID_VARS, ALLOW_SOCIAL_LOGIN: undefined }))
        .status,
    ).toBe(404);
    await storeConfig({ registration: { socialLogins: ['github'] } });
    expect((await callApp('/oauth/openid', {}, OPENID_VARS)).status).toBe(404);
    // Only Apple's callback takes a POST.
    expect((await callApp('/oauth/openid/callback', { method: 'POST' }, OPENID_VARS)).status).toBe(404);
    expect(idp.calls).toEqual([]);
  });

  it('refuses an issuer whose discovery document names another issuer', async () => {
    vi.mocked(globalThis.fetch).mockResolvedValue(
      Response.json({ issuer: 'https://evil.test', authorization_endpoint: 'https://evil.test/a' }),
    );
    expect(errorOf(await callApp('/oauth/openid', {}, OPENID_VARS))).toBe('oauth_failed');
    expect(refusalDetails()).toEqual(['discovery: the document names another issuer than OPENID_ISSUER']);
  });
});

describe('GET /oauth/:provider/callback', () => {
  it('creates the first account as ADMIN, signs it in with a refresh cookie and lands on /c/new', async () => {
    const res = await signIn();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://app.test/c/new');
    expect(res.headers.get('location')).not.toMatch(/token/i);
    expect(setCookies(res).some((cookie) => cookie.startsWith('refreshToken=') && /HttpOnly/.test(cookie))).toBe(true);
    // The flow cookie is single-use.
    expect(
      setCookies(res).some((cookie) => /^oauth_openid=;/.test(cookie) || /^oauth_openid=.*Max-Age=0/.test(cookie)),
    ).toBe(true);
    const user = await findUserByEmail(env.DB, 'alice@example.com');
    expect(user).toMatchObject({
      provider: 'openid',
      providerId: 'sub-1',
      role: 'ADMIN',
      emailVerified: true,
      name: 'Alice',
      username: 'alice',
      passwordHash: null,
    });
    const sessions = await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE userId = ?')
      .bind(user?.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(1);
    // The code was exchanged with the verifier (the fake checks it against the challenge).
    expect(new URLSearchParams(tokenCalls()[0]?.body).get('code_verifier')).toMatch(/^[\w-]{43}$/);
    // Nothing but the configured issuer was contacted.
    expect(idp.calls.every((call) => call.url.startsWith(`${FAKE_ISSUER}/`))).toBe(true);
  });

  it('makes later social accounts plain users, and redirects to DOMAIN_CLIENT', async () => {
    await createTestUser();
    const res = await signIn({ ...OPENID_VARS, DOMAIN_CLIENT: 'https://chat.example.com' });
    expect(res.headers.get('location')).toBe('https://chat.example.com/c/new');
    expect((await findUserByEmail(env.DB, 'alice@example.com'))?.role).toBe('USER');
  });

  it('signs in the account already bound to (provider, providerId), even with registration off', async () => {
    const existing = await createTestUser({
      provider: 'openid',
      providerId: 'sub-1',
      email: 'old-address@example.com',
      passwordHash: null,
    });
    const res = await signIn({ ...OPENID_VARS, ALLOW_SOCIAL_REGISTRATION: 'false' });
    expect(res.headers.get('location')).toBe('http://app.test/c/new');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>()).toEqual({ n: 1 });
    expect(await findUserById(env.DB, existing.id)).toMatchObject({ email: 'old-address@example.com' });
  });

  it('refuses to create an account when social registration is not allowed', async () => {
    expect(errorOf(await signIn({ ...OPENID_VARS, ALLOW_SOCIAL_REGISTRATION: undefined }))).toBe(
      'oauth_registration_disabled',
    );
    expect(await findUserByEmail(env.DB, 'alice@example.com')).toBeUndefined();
  });

  it('enforces registration.allowedDomains', async () => {
    await storeConfig({ registration: { allowedDomains: ['company.com'] } });
    expect(errorOf(await signIn())).toBe('oauth_domain_not_allowed');
    expect(await findUserByEmail(env.DB, 'alice@example.com')).toBeUndefined();
    idp.user = { ...idp.user, email: 'alice@company.com' };
    expect((await signIn()).headers.get('location')).toBe('http://app.test/c/new');
  });

  it('links to an existing account by email only when both sides verified it', async () => {
    const local = await createTestUser({ email: 'alice@example.com', emailVerified: false });
    expect(errorOf(await signIn())).toBe('oauth_account_exists');
    await env.DB.prepare('UPDATE users SET emailVerified = 1 WHERE id = ?').bind(local.id).run();
    idp.user = { ...idp.user, email_verified: false };
    expect(errorOf(await signIn())).toBe('oauth_account_exists');
    idp.user = { ...idp.user, email_verified: true };
    const res = await signIn();
    expect(res.headers.get('location')).toBe('http://app.test/c/new');
    const sessionOwner = await env.DB.prepare('SELECT userId FROM sessions').first<{ userId: string }>();
    expect(sessionOwner?.userId).toBe(local.id);
    expect(await findUserById(env.DB, local.id)).toMatchObject({ provider: 'local' });
  });

  it('still asks a 2FA account for its second factor', async () => {
    await createTestUser({ email: 'alice@example.com', twoFactorEnabled: true });
    const res = await signIn();
    expect(res.headers.get('location')).toMatch(/^http:\/\/app\.test\/login\/2fa\?tempToken=[\w.-]+$/);
    expect(setCookies(res).some((cookie) => cookie.startsWith('refreshToken='))).toBe(false);
  });

  it('refuses a missing, foreign or forged flow cookie and a wrong state without calling the provider', async () => {
    const other = await start();
    expect(errorOf(await signIn(OPENID_VARS, { cookie: '' }))).toBe('oauth_state_mismatch');
    expect(errorOf(await signIn(OPENID_VARS, { cookie: other.cookie }))).toBe('oauth_state_mismatch');
    expect(errorOf(await signIn(OPENID_VARS, { state: 'guessed' }))).toBe('oauth_state_mismatch');
    const forged = `oauth_openid=${other.cookie.split('=')[1]?.slice(0, -4)}AAAA`;
    expect(errorOf(await signIn(OPENID_VARS, { cookie: forged, state: other.state }))).toBe('oauth_state_mismatch');
    expect(tokenCalls()).toEqual([]);
    expect(await findUserByEmail(env.DB, 'alice@example.com')).toBeUndefined();
  });

  it('counts callbacks against the login limit, before anything else', async () => {
    const vars = { ...OPENID_VARS, LOGIN_MAX: '1', BAN_VIOLATIONS: 'false' };
    expect((await signIn(vars)).headers.get('location')).toBe('http://app.test/c/new');
    expect(errorOf(await signIn(vars))).toBe('oauth_rate_limited');
    expect(tokenCalls()).toHaveLength(1);
  });

  it('reports a provider error (the user cancelled) without exchanging anything', async () => {
    const flow = await start();
    const res = await callApp(
      `/oauth/openid/callback?error=access_denied&state=${flow.state}`,
      { headers: { cookie: flow.cookie } },
      OPENID_VARS,
    );
    expect(errorOf(res)).toBe('oauth_denied');
    expect(tokenCalls()).toEqual([]);
  });

  it.each([
    ['a forged signature', 'bad signature', async () => void (idp.forgeWith = await rsaSigningKey())],
    ['another audience', 'wrong audience', () => void (idp.idTokenClaims = { aud: 'someone-else' })],
    [
      'two audiences and no azp',
      'wrong audience',
      () => void (idp.idTokenClaims = { aud: [FAKE_CLIENT_ID, 'someone-else'] }),
    ],
    ['another nonce', 'nonce does not match', () => void (idp.idTokenClaims = { nonce: 'replayed' })],
    ['another issuer', 'wrong issuer', () => void (idp.idTokenClaims = { iss: 'https://evil.test' })],
    ['an expired token', 'expired', () => void (idp.idTokenClaims = { exp: Math.floor(Date.now() / 1000) - 3600 })],
    [
      'alg none',
      'algorithm none',
      async () =>
        void (idp.rawIdToken = `${(await signRs256({ sub: 'x' }, idp.key, { alg: 'none' })).split('.').slice(0, 2).join('.')}.`),
    ],
    [
      'alg HS256',
      'algorithm HS256',
      async () => void (idp.rawIdToken = await signRs256({ sub: 'x' }, idp.key, { alg: 'HS256' })),
    ],
  ])('refuses an ID token with %s', async (_name, reason, spoil) => {
    await spoil();
    expect(errorOf(await signIn())).toBe('oauth_failed');
    expect(refusalDetails().join('\n')).toContain(reason);
    expect(await findUserByEmail(env.DB, 'alice@example.com')).toBeUndefined();
  });

  it('refuses userinfo for another subject', async () => {
    idp.userinfo = { ...idp.user, sub: 'sub-2' };
    expect(errorOf(await signIn())).toBe('oauth_failed');
    expect(refusalDetails()).toEqual(['openid userinfo: sub differs from the ID token']);
  });

  it('completes the profile from userinfo, whose email_verified only counts for its own address', async () => {
    idp.userinfo = { sub: 'sub-1', name: 'Alice From Userinfo', email: 'other@example.com' };
    await signIn();
    expect(await findUserByEmail(env.DB, 'other@example.com')).toMatchObject({
      name: 'Alice From Userinfo',
      emailVerified: false,
    });
  });
});
