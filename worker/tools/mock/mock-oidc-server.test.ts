import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MOCK_OIDC_USER, startMockOidc, type MockOidc, type MockOidcOptions } from './mock-oidc-server';

const REDIRECT_URI = 'http://127.0.0.1:9/oauth/openid/callback';
let oidc: MockOidc;

async function start(options: MockOidcOptions = {}): Promise<MockOidc> {
  oidc = await startMockOidc({ redirectUris: [REDIRECT_URI], ...options });
  return oidc;
}

afterEach(async () => {
  await oidc.close();
});

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** GET /authorize without following the redirect; the Location header, parsed. */
async function authorize(params: Record<string, string>): Promise<{ status: number; location: URL | undefined }> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: oidc.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state: 's1',
    ...params,
  });
  const res = await fetch(`${oidc.issuer}/authorize?${query.toString()}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : undefined };
}

async function codeFor(challenge: string, extra: Record<string, string> = {}): Promise<string> {
  const { location } = await authorize({ code_challenge: challenge, code_challenge_method: 'S256', ...extra });
  const code = location?.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location?.toString() ?? '(no redirect)'}`);
  return code;
}

function token(form: Record<string, string>, basic?: string): Promise<Response> {
  return fetch(`${oidc.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(basic ? { authorization: `Basic ${basic}` } : {}),
    },
    body: new URLSearchParams(form),
  });
}

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('mock OIDC provider', () => {
  it('publishes discovery and an RS256 key set for its issuer', async () => {
    await start();
    const discovery = (await (await fetch(`${oidc.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({
      issuer: oidc.issuer,
      authorization_endpoint: `${oidc.issuer}/authorize`,
      token_endpoint: `${oidc.issuer}/token`,
      jwks_uri: `${oidc.issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(`${oidc.issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('runs the code flow with PKCE: signed id_token with nonce, then userinfo', async () => {
    await start();
    const { verifier, challenge } = pkcePair();
    const { status, location } = await authorize({
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce: 'n-1',
    });
    expect(status).toBe(302);
    expect(`${location?.origin}${location?.pathname}`).toBe(REDIRECT_URI);
    expect(location?.searchParams.get('state')).toBe('s1');
    const code = location?.searchParams.get('code') ?? '';

    const basic = Buffer.from(`${oidc.clientId}:${oidc.clientSecret}`).toString('base64');
    const res = await token(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
      basic,
    );
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { access_token: string; id_token: string; token_type: string };
    expect(tokens.token_type).toBe('Bearer');

    const [header, payload, signature] = tokens.id_token.split('.');
    const jwks = (await (await fetch(`${oidc.issuer}/jwks`)).json()) as { keys: JsonWebKey[] };
    const key = createPublicKey({ key: jwks.keys[0] ?? {}, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature ?? '', 'base64url'))).toBe(
      true,
    );
    expect(decodePart(header)).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
    const claims = decodePart(payload);
    expect(claims).toMatchObject({ iss: oidc.issuer, aud: oidc.clientId, nonce: 'n-1', ...DEFAULT_MOCK_OIDC_USER });
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    const userinfo = await fetch(`${oidc.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toEqual(DEFAULT_MOCK_OIDC_USER);
    expect((await fetch(`${oidc.issuer}/userinfo`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('accepts client_secret_post and refuses a wrong secret, a wrong verifier and a reused code', async () => {
    await start();
    const { verifier, challenge } = pkcePair();
    const form = (code: string, over: Record<string, string> = {}) => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: oidc.clientId,
      client_secret: oidc.clientSecret,
      ...over,
    });
    expect((await token(form(await codeFor(challenge), { client_secret: 'wrong' }))).status).toBe(401);
    expect((await token(form(await codeFor(challenge), { code_verifier: pkcePair().verifier }))).status).toBe(400);
    expect((await token(form(await codeFor(challenge), { redirect_uri: 'http://127.0.0.1:9/elsewhere' }))).status).toBe(
      400,
    );
    const code = await codeFor(challenge);
    expect((await token(form(code))).status).toBe(200);
    expect(await (await token(form(code))).json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses unknown clients and redirect URIs without redirecting, and requires PKCE S256', async () => {
    await start();
    expect(
      await authorize({ client_id: 'someone-else', code_challenge: 'x', code_challenge_method: 'S256' }),
    ).toMatchObject({ status: 400, location: undefined });
    expect(
      await authorize({ redirect_uri: 'https://evil.example/cb', code_challenge: 'x', code_challenge_method: 'S256' }),
    ).toMatchObject({ status: 400, location: undefined });
    const noPkce = await authorize({});
    expect(noPkce.location?.searchParams.get('error')).toBe('invalid_request');
    expect(noPkce.location?.searchParams.get('state')).toBe('s1');
    const plain = await authorize({ code_challenge: 'x', code_challenge_method: 'plain' });
    expect(plain.location?.searchParams.get('error')).toBe('invalid_request');
  });

  it('approves as the user set in-process or over HTTP, and applies id_token overrides', async () => {
    await start();
    oidc.setUser({ sub: 'u-2', email: 'two@example.com', email_verified: false });
    const { verifier, challenge } = pkcePair();
    const post = {
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: oidc.clientId,
      client_secret: oidc.clientSecret,
    };
    const first = (await (await token({ ...post, code: await codeFor(challenge) })).json()) as { id_token: string };
    expect(decodePart(first.id_token.split('.')[1])).toMatchObject({
      sub: 'u-2',
      email: 'two@example.com',
      email_verified: false,
    });

    const set = await fetch(`${oidc.issuer}/__mock/user`, {
      method: 'POST',
      body: JSON.stringify({ sub: 'u-3', email: 'three@example.com', email_verified: true }),
    });
    expect(set.status).toBe(200);
    expect(
      (
        await fetch(`${oidc.issuer}/__mock/user`, {
          method: 'POST',
          body: JSON.stringify({ email: 'no-sub@example.com' }),
        })
      ).status,
    ).toBe(400);
    oidc.setIdTokenOverrides({ aud: 'another-client' });
    const second = (await (await token({ ...post, code: await codeFor(challenge) })).json()) as { id_token: string };
    expect(decodePart(second.id_token.split('.')[1])).toMatchObject({ sub: 'u-3', aud: 'another-client' });
  });
});
