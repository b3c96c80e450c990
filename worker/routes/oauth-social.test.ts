import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../db/users';
import { APP_CONFIG_KV_KEY, resetConfigCacheForTests, saveAppConfig } from '../services/config/store';
import { parseAppConfigObject } from '../services/config/parse';
import { rsaSigningKey, signRs256 } from '../services/oauth/fake-idp';
import { resetJwksCacheForTests } from '../services/oauth/id-token';
import { APPLE_ISSUER, APPLE_JWKS_URI } from '../services/oauth/providers/apple';
import { callApp } from '../test/helpers';

/**
 * The non-OIDC path (GitHub) and Apple's cross-site form POST through the real routes, with
 * the providers' APIs answered by a fetch spy.
 */
const SOCIAL = { ALLOW_SOCIAL_LOGIN: 'true', ALLOW_SOCIAL_REGISTRATION: 'true' };

beforeEach(async () => {
  await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  resetConfigCacheForTests();
  resetJwksCacheForTests();
  await env.DB.prepare('DELETE FROM users').run();
  await env.DB.batch([env.DB.prepare('DELETE FROM rate_limits'), env.DB.prepare('DELETE FROM bans')]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function serve(routes: Record<string, (request: Request) => Response | Promise<Response>>): string[] {
  const seen: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.origin}${url.pathname}`;
    seen.push(key);
    const route = routes[key];
    if (!route) throw new Error(`unexpected fetch ${key}`);
    return route(request);
  });
  return seen;
}

function flowCookie(res: Response, provider: string): string {
  return res.headers.getAll('set-cookie').find((cookie) => cookie.startsWith(`oauth_${provider}=`)) ?? '';
}

describe('GitHub through /oauth/github', () => {
  const vars = { ...SOCIAL, GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' };

  it('signs in with the verified primary email and creates the account', async () => {
    const seen = serve({
      'POST https://github.com/login/oauth/access_token': () =>
        Response.json({ access_token: 'gho_1', token_type: 'bearer' }),
      'GET https://api.github.com/user': () => Response.json({ id: 7, login: 'octo', name: 'Octo Cat' }),
      'GET https://api.github.com/user/emails': () =>
        Response.json([{ email: 'octo@example.com', primary: true, verified: true }]),
    });
    const start = await callApp('/oauth/github', {}, vars);
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const cookie = flowCookie(start, 'github').split(';')[0] ?? '';
    const res = await callApp(`/oauth/github/callback?code=abc&state=${state}`, { headers: { cookie } }, vars);
    expect(res.headers.get('location')).toBe('http://app.test/c/new');
    expect(await findUserByEmail(env.DB, 'octo@example.com')).toMatchObject({
      provider: 'github',
      providerId: '7',
      name: 'Octo Cat',
      username: 'octo',
    });
    expect(seen).toEqual([
      'POST https://github.com/login/oauth/access_token',
      'GET https://api.github.com/user',
      'GET https://api.github.com/user/emails',
    ]);
  });

  it('refuses an account without a verified email', async () => {
    serve({
      'POST https://github.com/login/oauth/access_token': () => Response.json({ access_token: 'gho_1' }),
      'GET https://api.github.com/user': () => Response.json({ id: 8, login: 'ghost' }),
      'GET https://api.github.com/user/emails': () =>
        Response.json([{ email: 'ghost@example.com', primary: true, verified: false }]),
    });
    const start = await callApp('/oauth/github', {}, vars);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const cookie = flowCookie(start, 'github').split(';')[0] ?? '';
    const res = await callApp(`/oauth/github/callback?code=abc&state=${state}`, { headers: { cookie } }, vars);
    expect(res.headers.get('location')).toBe('http://app.test/login?error=oauth_email_required');
  });
});

describe("Apple's form_post callback", () => {
  async function appleVars(): Promise<Record<string, string>> {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const der = new Uint8Array((await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer);
    const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----`;
    return {
      ...SOCIAL,
      APPLE_CLIENT_ID: 'com.example.web',
      APPLE_TEAM_ID: 'TEAM',
      APPLE_KEY_ID: 'KID',
      APPLE_PRIVATE_KEY: pem,
    };
  }

  it('is offered only when the config lists apple (not in the default list)', async () => {
    const vars = await appleVars();
    expect((await callApp('/oauth/apple', {}, vars)).status).toBe(404);
    const parsed = parseAppConfigObject({ registration: { socialLogins: ['apple'] } });
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    await saveAppConfig(env.CONFIG, parsed.config);
    expect((await callApp('/oauth/apple', {}, vars)).status).toBe(302);
  });

  it('uses a SameSite=None cookie and accepts the POSTed code and state', async () => {
    const vars = await appleVars();
    const parsed = parseAppConfigObject({ registration: { socialLogins: ['apple'] } });
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    await saveAppConfig(env.CONFIG, parsed.config);
    const key = await rsaSigningKey();
    let nonce = '';
    serve({
      'POST https://appleid.apple.com/auth/token': async () => {
        const idToken = await signRs256(
          {
            iss: APPLE_ISSUER,
            aud: 'com.example.web',
            sub: '001.apple',
            exp: Math.floor(Date.now() / 1000) + 60,
            nonce,
            email: 'ann@example.com',
            email_verified: 'true',
          },
          key,
        );
        return Response.json({ access_token: 'a', token_type: 'Bearer', id_token: idToken });
      },
      [`GET ${APPLE_JWKS_URI}`]: () => Response.json({ keys: [key.publicJwk] }),
    });
    const start = await callApp('/oauth/apple', {}, vars);
    const authorize = new URL(start.headers.get('location') ?? '');
    nonce = authorize.searchParams.get('nonce') ?? '';
    const setCookie = flowCookie(start, 'apple');
    expect(setCookie).toMatch(/SameSite=None/);
    expect(setCookie).toMatch(/Secure/);

    const form = new URLSearchParams({
      code: 'c',
      state: authorize.searchParams.get('state') ?? '',
      user: JSON.stringify({ name: { firstName: 'Ann', lastName: 'Apple' } }),
    });
    const res = await callApp(
      '/oauth/apple/callback',
      { method: 'POST', body: form, headers: { cookie: setCookie.split(';')[0] ?? '' } },
      vars,
    );
    expect(res.headers.get('location')).toBe('http://app.test/c/new');
    expect(await findUserByEmail(env.DB, 'ann@example.com')).toMatchObject({
      provider: 'apple',
      providerId: '001.apple',
      name: 'Ann Apple',
      emailVerified: true,
    });

    const forged = await callApp(
      '/oauth/apple/callback',
      { method: 'POST', body: new URLSearchParams({ code: 'c', state: 'guess' }) },
      vars,
    );
    expect(forged.headers.get('location')).toBe('http://app.test/login?error=oauth_state_mismatch');
  });
});
