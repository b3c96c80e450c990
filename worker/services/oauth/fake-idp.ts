/**
 * Tests only (never imported by the app): an OpenID Connect provider answered in-process by a
 * `fetch` spy, for worker tests that cannot reach a real server. Every outbound request is
 * recorded; one to any URL not served here fails the test, which is how tests assert that
 * the flow only talks to the configured provider.
 */
import { vi } from 'vitest';
import { toBase64Url } from '../auth/encoding';

export const FAKE_ISSUER = 'https://idp.test';
export const FAKE_CLIENT_ID = 'client-1';
export const FAKE_CLIENT_SECRET = 'secret-1';

/** The env of a deployment with OpenID configured against the fake and social login on. */
export const OPENID_VARS = {
  ALLOW_SOCIAL_LOGIN: 'true',
  ALLOW_SOCIAL_REGISTRATION: 'true',
  OPENID_CLIENT_ID: FAKE_CLIENT_ID,
  OPENID_CLIENT_SECRET: FAKE_CLIENT_SECRET,
  OPENID_ISSUER: FAKE_ISSUER,
};

export interface RecordedFetch {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JsonWebKey & { kid: string };
}

const RSA: SubtleCryptoGenerateKeyAlgorithm = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

export async function rsaSigningKey(kid = crypto.randomUUID()): Promise<SigningKey> {
  const pair = (await crypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const exported = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  return {
    kid,
    privateKey: pair.privateKey,
    publicJwk: { kty: 'RSA', n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' },
  };
}

const encodeJson = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

export async function signRs256(
  payload: Record<string, unknown>,
  key: SigningKey,
  header: Record<string, unknown> = {},
): Promise<string> {
  const input = `${encodeJson({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header })}.${encodeJson(payload)}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key.privateKey, new TextEncoder().encode(input));
  return `${input}.${toBase64Url(new Uint8Array(signature))}`;
}

export interface FakeIdp {
  calls: RecordedFetch[];
  /** The claims of the user the next token is for. */
  user: Record<string, unknown>;
  /** Merged into the next ID tokens (to make them wrong). */
  idTokenClaims: Record<string, unknown>;
  /** Signs ID tokens with this key instead (same kid as the published one: a forgery). */
  forgeWith?: SigningKey;
  /** What /userinfo answers when set (else `user`). */
  userinfo?: Record<string, unknown>;
  /** Replaces the whole ID token. */
  rawIdToken?: string;
  /** Remembers what the app sent to the authorization endpoint; returns a code for it. */
  authorize(location: string): string;
  key: SigningKey;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function sha256Base64Url(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** Installs the fetch spy (restore with vi.restoreAllMocks). `extra` serves further URLs. */
export async function installFakeIdp(
  extra: (call: RecordedFetch) => Response | undefined = () => undefined,
): Promise<FakeIdp> {
  const key = await rsaSigningKey();
  const grants = new Map<string, { nonce: string | null; challenge: string | null; redirectUri: string | null }>();
  const idp: FakeIdp = {
    calls: [],
    user: {
      sub: 'sub-1',
      email: 'Alice@Example.com',
      email_verified: true,
      name: 'Alice',
      preferred_username: 'alice',
    },
    idTokenClaims: {},
    key,
    authorize(location) {
      const url = new URL(location);
      const code = `code-${grants.size + 1}`;
      grants.set(code, {
        nonce: url.searchParams.get('nonce'),
        challenge: url.searchParams.get('code_challenge'),
        redirectUri: url.searchParams.get('redirect_uri'),
      });
      return code;
    },
  };

  async function token(call: RecordedFetch): Promise<Response> {
    const form = new URLSearchParams(call.body);
    const grant = grants.get(form.get('code') ?? '');
    const basic = `Basic ${btoa(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`)}`;
    if (call.headers.get('authorization') !== basic) return json({ error: 'invalid_client' }, 401);
    if (!grant || grant.redirectUri !== form.get('redirect_uri')) return json({ error: 'invalid_grant' }, 400);
    if (grant.challenge !== (await sha256Base64Url(form.get('code_verifier') ?? '')))
      return json({ error: 'invalid_grant' }, 400);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: FAKE_ISSUER,
      aud: FAKE_CLIENT_ID,
      iat: now,
      exp: now + 300,
      nonce: grant.nonce,
      ...idp.user,
      ...idp.idTokenClaims,
    };
    const idToken =
      idp.rawIdToken ?? (await signRs256(claims, idp.forgeWith ? { ...idp.forgeWith, kid: key.kid } : key));
    return json({ access_token: 'access-1', token_type: 'Bearer', id_token: idToken });
  }

  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const call: RecordedFetch = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: new TextDecoder().decode(await request.arrayBuffer()),
    };
    idp.calls.push(call);
    const route = `${call.method} ${call.url}`;
    if (route === `GET ${FAKE_ISSUER}/.well-known/openid-configuration`) {
      return json({
        issuer: FAKE_ISSUER,
        authorization_endpoint: `${FAKE_ISSUER}/authorize`,
        token_endpoint: `${FAKE_ISSUER}/token`,
        userinfo_endpoint: `${FAKE_ISSUER}/userinfo`,
        jwks_uri: `${FAKE_ISSUER}/jwks`,
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (route === `GET ${FAKE_ISSUER}/jwks`) return json({ keys: [key.publicJwk] });
    if (route === `POST ${FAKE_ISSUER}/token`) return token(call);
    if (route === `GET ${FAKE_ISSUER}/userinfo`) {
      return call.headers.get('authorization') === 'Bearer access-1'
        ? json(idp.userinfo ?? idp.user)
        : json({ error: 'invalid_token' }, 401);
    }
    const answer = extra(call);
    if (answer) return answer;
    throw new Error(`unexpected outbound fetch: ${route}`);
  });
  return idp;
}
