import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromBase64Url } from '../../auth/encoding';
import { resetDiscoveryCacheForTests } from '../discovery';
import { OAuthError } from '../errors';
import { rsaSigningKey, signRs256, type SigningKey } from '../fake-idp';
import { newFlow } from '../flow-cookie';
import { resetJwksCacheForTests } from '../id-token';
import { authorizationUrl, exchangeCode } from '../protocol';
import { APPLE_ISSUER, APPLE_JWKS_URI, appleClient, appleClientSecret } from './apple';
import { discordClient } from './discord';
import { facebookClient, GRAPH_VERSION } from './facebook';
import { githubClient } from './github';
import { GOOGLE_JWKS_URI, googleClient } from './google';
import { openidClient } from './openid';

/**
 * Request building and response mapping of every provider, against answers shaped like their
 * documented APIs (fetch is mocked: these tests have no internet).
 */
type Route = (url: URL, request: Request) => Response | Promise<Response>;
let seen: Request[];

function serve(routes: Record<string, Route>): void {
  seen = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    const url = new URL(request.url);
    const route = routes[`${request.method} ${url.origin}${url.pathname}`];
    if (!route) throw new Error(`unexpected fetch ${request.method} ${request.url}`);
    return route(url, request);
  });
}

const json = (body: unknown) => Response.json(body);
const formOf = async (request: Request | undefined) =>
  new URLSearchParams(new TextDecoder().decode(await request?.arrayBuffer()));
const flow = newFlow('github');

beforeEach(() => {
  resetJwksCacheForTests();
  resetDiscoveryCacheForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('github', () => {
  const client = githubClient({ GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' });

  it('asks for user:email with PKCE and posts the secret and verifier for JSON', async () => {
    const url = new URL(await authorizationUrl(client, flow, 'https://app.test/oauth/github/callback'));
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('scope')).toBe('user:email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('nonce')).toBe(false);
    serve({
      'POST https://github.com/login/oauth/access_token': () =>
        json({ access_token: 'gho_1', token_type: 'bearer', scope: 'user:email' }),
    });
    expect(await exchangeCode(client, flow, 'c1', 'https://app.test/oauth/github/callback')).toEqual({
      accessToken: 'gho_1',
    });
    const form = await formOf(seen[0]);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      redirect_uri: 'https://app.test/oauth/github/callback',
      client_id: 'gh-id',
      client_secret: 'gh-secret',
      code_verifier: flow.verifier,
    });
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
  });

  it("treats GitHub's 200-with-error token answer as a failure", async () => {
    serve({ 'POST https://github.com/login/oauth/access_token': () => json({ error: 'bad_verification_code' }) });
    await expect(exchangeCode(client, flow, 'c1', 'https://x/cb')).rejects.toBeInstanceOf(OAuthError);
  });

  it('keeps only the verified primary email', async () => {
    const emails = [
      { email: 'old@example.com', primary: false, verified: true },
      { email: 'Main@Example.com', primary: true, verified: true },
    ];
    serve({
      'GET https://api.github.com/user': () =>
        json({ id: 42, login: 'octo', name: null, avatar_url: 'https://avatars.githubusercontent.com/u/42' }),
      'GET https://api.github.com/user/emails': () => json(emails),
    });
    expect(await client.profile({ accessToken: 'gho_1' }, { clientId: 'gh-id', nonce: '' })).toEqual({
      providerId: '42',
      email: 'Main@Example.com',
      emailVerified: true,
      name: 'octo',
      username: 'octo',
      avatar: 'https://avatars.githubusercontent.com/u/42',
    });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer gho_1');
    expect(seen[0]?.headers.get('user-agent')).toBeTruthy();
    emails[1] = { email: 'main@example.com', primary: true, verified: false };
    const unverified = await client.profile({ accessToken: 'gho_1' }, { clientId: 'gh-id', nonce: '' });
    expect(unverified).toMatchObject({ emailVerified: false });
    expect(unverified.email).toBeUndefined();
  });
});

describe('discord', () => {
  const client = discordClient({ DISCORD_CLIENT_ID: 'd-id', DISCORD_CLIENT_SECRET: 'd-secret' });

  it('maps /users/@me with its verified flag and CDN avatar', async () => {
    const url = new URL(await authorizationUrl(client, flow, 'https://app.test/cb'));
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('identify email');
    const me = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      avatar: '8342729096ea3675442027381ff50dfe',
      email: 'nelly@example.com',
      verified: true,
    };
    serve({ 'GET https://discord.com/api/v10/users/@me': () => json(me) });
    expect(await client.profile({ accessToken: 't' }, { clientId: 'd-id', nonce: '' })).toEqual({
      providerId: me.id,
      email: me.email,
      emailVerified: true,
      name: 'Nelly',
      username: 'nelly',
      avatar: `https://cdn.discordapp.com/avatars/${me.id}/${me.avatar}.png`,
    });
    serve({ 'GET https://discord.com/api/v10/users/@me': () => json({ ...me, verified: false, avatar: '../../x' }) });
    const unverified = await client.profile({ accessToken: 't' }, { clientId: 'd-id', nonce: '' });
    expect(unverified).toMatchObject({ emailVerified: false });
    expect(unverified.avatar).toBeUndefined();
  });
});

describe('facebook', () => {
  const client = facebookClient({ FACEBOOK_CLIENT_ID: 'fb-id', FACEBOOK_CLIENT_SECRET: 'fb-secret' });

  it('reads /me with appsecret_proof, and never calls its email verified', async () => {
    const url = new URL(await authorizationUrl(client, flow, 'https://app.test/cb'));
    expect(`${url.origin}${url.pathname}`).toBe(`https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`);
    expect(url.searchParams.get('scope')).toBe('public_profile,email');
    serve({
      [`GET https://graph.facebook.com/${GRAPH_VERSION}/me`]: () =>
        json({
          id: '10',
          name: 'Fay',
          email: 'fay@example.com',
          picture: { data: { url: 'https://platform-lookaside.fbsbx.com/p.jpg' } },
        }),
    });
    expect(await client.profile({ accessToken: 'fb-token' }, { clientId: 'fb-id', nonce: '' })).toEqual({
      providerId: '10',
      email: 'fay@example.com',
      emailVerified: false,
      name: 'Fay',
      avatar: 'https://platform-lookaside.fbsbx.com/p.jpg',
    });
    const request = new URL(seen[0]?.url ?? '');
    expect(request.searchParams.get('fields')).toBe('id,name,email,picture.type(large)');
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode('fb-secret'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    const proof = request.searchParams.get('appsecret_proof') ?? '';
    const proofBytes = new Uint8Array((proof.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
    expect(await crypto.subtle.verify('HMAC', key, proofBytes, new TextEncoder().encode('fb-token'))).toBe(true);
  });
});

describe('google', () => {
  const client = googleClient({ GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret' });
  let key: SigningKey;
  const idToken = (claims: Record<string, unknown>) =>
    signRs256(
      {
        iss: 'https://accounts.google.com',
        aud: 'g-id',
        sub: '1001',
        exp: Math.floor(Date.now() / 1000) + 60,
        nonce: 'n',
        ...claims,
      },
      key,
    );

  beforeEach(async () => {
    key = await rsaSigningKey();
    serve({ [`GET ${GOOGLE_JWKS_URI}`]: () => json({ keys: [key.publicJwk] }) });
  });

  it('asks for openid profile email with nonce and PKCE, and reads the verified ID token', async () => {
    const url = new URL(await authorizationUrl(client, flow, 'https://app.test/cb'));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('nonce')).toBe(flow.nonce);
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    const token = await idToken({
      iss: 'accounts.google.com',
      email: 'g@example.com',
      email_verified: true,
      name: 'G',
      picture: 'https://lh3.googleusercontent.com/a',
    });
    expect(await client.profile({ accessToken: 'a', idToken: token }, { clientId: 'g-id', nonce: 'n' })).toEqual({
      providerId: '1001',
      email: 'g@example.com',
      emailVerified: true,
      name: 'G',
      avatar: 'https://lh3.googleusercontent.com/a',
    });
  });

  it('refuses a missing ID token, another issuer, or a non-https picture', async () => {
    await expect(client.profile({ accessToken: 'a' }, { clientId: 'g-id', nonce: 'n' })).rejects.toThrow(/no id_token/);
    await expect(
      client.profile(
        { accessToken: 'a', idToken: await idToken({ iss: 'https://evil.test' }) },
        { clientId: 'g-id', nonce: 'n' },
      ),
    ).rejects.toThrow(/issuer/);
    const profile = await client.profile(
      { accessToken: 'a', idToken: await idToken({ picture: 'javascript:alert(1)' }) },
      { clientId: 'g-id', nonce: 'n' },
    );
    expect(profile.avatar).toBeUndefined();
  });
});

describe('apple', () => {
  async function p8Key(): Promise<{ pem: string; publicKey: CryptoKey }> {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const der = new Uint8Array((await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer);
    const body = btoa(String.fromCharCode(...der)).replace(/(.{64})/g, '$1\n');
    return { pem: `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----`, publicKey: pair.publicKey };
  }
  const envFor = (pem: string) => ({
    APPLE_CLIENT_ID: 'com.example.web',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_KEY_ID: 'KEY1234567',
    APPLE_PRIVATE_KEY: pem,
  });

  it('signs an ES256 client secret Apple can verify, from a PEM with literal \\n too', async () => {
    const { pem, publicKey } = await p8Key();
    for (const variant of [pem, pem.replace(/\n/g, '\\n')]) {
      const secret = await appleClientSecret(envFor(variant), 1_700_000_000);
      const [header = '', payload = '', signature = ''] = secret.split('.');
      const decode = (part: string) =>
        JSON.parse(new TextDecoder().decode(fromBase64Url(part) ?? new Uint8Array())) as Record<string, unknown>;
      expect(decode(header)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
      expect(decode(payload)).toEqual({
        iss: 'TEAM123456',
        iat: 1_700_000_000,
        exp: 1_700_000_300,
        aud: APPLE_ISSUER,
        sub: 'com.example.web',
      });
      const valid = await crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        publicKey,
        fromBase64Url(signature) ?? new Uint8Array(),
        new TextEncoder().encode(`${header}.${payload}`),
      );
      expect(valid).toBe(true);
    }
    await expect(appleClientSecret(envFor('not a key'))).rejects.toBeInstanceOf(OAuthError);
  });

  it('asks for a form_post answer with a nonce (no PKCE) and reads the ID token plus the posted name', async () => {
    const { pem } = await p8Key();
    const client = appleClient(envFor(pem));
    const url = new URL(await authorizationUrl(client, flow, 'https://app.test/oauth/apple/callback'));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_mode: 'form_post',
      scope: 'name email',
      nonce: flow.nonce,
    });
    expect(url.searchParams.has('code_challenge')).toBe(false);
    serve({
      'POST https://appleid.apple.com/auth/token': () =>
        json({ access_token: 'a', token_type: 'Bearer', id_token: 'x.y.z' }),
    });
    await exchangeCode(client, flow, 'c', 'https://app.test/oauth/apple/callback');
    const form = await formOf(seen[0]);
    expect(form.get('client_secret')?.split('.')).toHaveLength(3);
    expect(form.has('code_verifier')).toBe(false);

    const key = await rsaSigningKey();
    serve({ [`GET ${APPLE_JWKS_URI}`]: () => json({ keys: [key.publicJwk] }) });
    const idToken = await signRs256(
      {
        iss: APPLE_ISSUER,
        aud: 'com.example.web',
        sub: '001.abc',
        exp: Math.floor(Date.now() / 1000) + 60,
        nonce: 'n',
        email: 'x@privaterelay.appleid.com',
        email_verified: 'true',
      },
      key,
    );
    const appleUser = JSON.stringify({ name: { firstName: 'Ann', lastName: 'Apple' }, email: 'ignored@example.com' });
    expect(
      await client.profile({ accessToken: 'a', idToken }, { clientId: 'com.example.web', nonce: 'n', appleUser }),
    ).toEqual({
      providerId: '001.abc',
      email: 'x@privaterelay.appleid.com',
      emailVerified: true,
      name: 'Ann Apple',
    });
  });
});

describe('openid', () => {
  const issuer = 'https://sso.example.com/realms/main';
  const discovery = (extra: Record<string, unknown>) => () =>
    json({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/certs`,
      ...extra,
    });
  const env = {
    OPENID_CLIENT_ID: 'o-id',
    OPENID_CLIENT_SECRET: 'o secret',
    OPENID_ISSUER: `${issuer}/`,
    OPENID_SCOPE: 'profile email groups',
  };

  it('follows the discovery document: client_secret_post when basic is not offered, openid always in scope', async () => {
    serve({
      [`GET ${issuer}/.well-known/openid-configuration`]: discovery({
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      }),
    });
    const client = await openidClient(env);
    expect(client).toMatchObject({
      tokenAuth: 'client_secret_post',
      scope: 'openid profile email groups',
      pkce: true,
      authorizationEndpoint: `${issuer}/auth`,
    });
  });

  it('sends client_secret_basic with form-encoded credentials by default', async () => {
    serve({
      [`GET ${issuer}/.well-known/openid-configuration`]: discovery({}),
      [`POST ${issuer}/token`]: () => json({ access_token: 'a', token_type: 'Bearer', id_token: 'i' }),
    });
    const client = await openidClient(env);
    await exchangeCode(client, flow, 'c', 'https://app.test/cb');
    expect(seen[1]?.headers.get('authorization')).toBe(`Basic ${btoa('o-id:o+secret')}`);
    expect((await formOf(seen[1])).has('client_secret')).toBe(false);
  });

  it('refuses endpoints that leave https', async () => {
    serve({
      [`GET ${issuer}/.well-known/openid-configuration`]: discovery({ token_endpoint: 'http://sso.example.com/token' }),
    });
    await expect(openidClient(env)).rejects.toThrow(/token_endpoint must be an https URL/);
  });
});
