/**
 * A small OpenID Connect provider for the end-to-end tests of social login, on 127.0.0.1.
 * It is strict where a real provider is (client id and secret, exact redirect URI, PKCE S256,
 * single-use codes) so a sloppy client fails here rather than in production, and it approves
 * every authorization at once as the configured user (no login page).
 *
 *   GET  /.well-known/openid-configuration   discovery
 *   GET  /jwks                               the RS256 public key generated at start
 *   GET  /authorize                          redirects back with a code (or an error)
 *   POST /token                              code + verifier → access_token and id_token
 *   GET  /userinfo                           the user's claims for a Bearer access token
 *   POST /__mock/user                        sets the user (tests in another process)
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isRecord, parseJson, readBody, sendJson } from './http';

export interface MockOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  picture?: string;
}

export interface MockOidcOptions {
  /** Port on 127.0.0.1; 0 (the default) lets the OS choose. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The exact redirect URIs accepted. Empty or absent: every http(s) URI is accepted (unit tests only). */
  redirectUris?: string[];
  user?: MockOidcUser;
  /** Claims merged into every ID token it issues, to test how clients refuse bad ones. */
  idTokenOverrides?: Record<string, unknown>;
}

export interface MockOidc {
  /** The issuer (= origin), e.g. http://127.0.0.1:41234 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  setUser(user: MockOidcUser): void;
  setIdTokenOverrides(overrides: Record<string, unknown> | undefined): void;
  close(): Promise<void>;
}

export const DEFAULT_MOCK_OIDC_USER: MockOidcUser = {
  sub: 'mock-user-1',
  email: 'oidc.user@example.com',
  email_verified: true,
  name: 'OIDC User',
  preferred_username: 'oidc-user',
};

interface IssuedCode {
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  user: MockOidcUser;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 300;

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');
const randomId = (): string => randomBytes(24).toString('base64url');

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${base64url(sign('sha256', Buffer.from(signingInput), key))}`;
}

/** client_secret_basic (form-urlencoded id:secret) or client_secret_post. */
function clientCredentials(req: IncomingMessage, form: URLSearchParams): { id: string; secret: string } | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const unescape = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret } : undefined;
}

/** A user from a POST /__mock/user body, or undefined when it is not one. */
function readUser(body: unknown): MockOidcUser | undefined {
  if (!isRecord(body) || typeof body.sub !== 'string' || body.sub === '') return undefined;
  const user: MockOidcUser = { sub: body.sub };
  for (const claim of ['email', 'name', 'preferred_username', 'picture'] as const) {
    const value = body[claim];
    if (value === undefined) continue;
    if (typeof value !== 'string') return undefined;
    user[claim] = value;
  }
  if (body.email_verified !== undefined) {
    if (typeof body.email_verified !== 'boolean') return undefined;
    user.email_verified = body.email_verified;
  }
  return user;
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

export async function startMockOidc(options: MockOidcOptions = {}): Promise<MockOidc> {
  const clientId = options.clientId ?? 'mock-client';
  const clientSecret = options.clientSecret ?? 'mock-secret';
  const redirectUris = options.redirectUris ?? [];
  let user: MockOidcUser = options.user ?? DEFAULT_MOCK_OIDC_USER;
  let idTokenOverrides = options.idTokenOverrides;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomId();
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, MockOidcUser>();
  let issuer = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error' });
      else res.destroy();
      console.error('[mock-oidc]', error);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (route === 'GET /.well-known/openid-configuration') {
      return sendJson(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'profile', 'email'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (route === 'GET /jwks') return sendJson(res, 200, { keys: [jwk] });
    if (route === 'GET /authorize') return authorize(url.searchParams, res);
    const raw = await readBody(req);
    if (raw === undefined) return sendJson(res, 413, { error: 'invalid_request' });
    if (route === 'POST /token') return token(req, new URLSearchParams(raw), res);
    if (route === 'GET /userinfo') {
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const owner = bearer ? accessTokens.get(bearer) : undefined;
      return owner ? sendJson(res, 200, owner) : sendJson(res, 401, { error: 'invalid_token' });
    }
    if (route === 'POST /__mock/user') {
      const next = readUser(parseJson(raw));
      if (!next)
        return sendJson(res, 400, {
          error: 'a user needs a string sub; other claims are strings, email_verified a boolean',
        });
      mock.setUser(next);
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: 'not_found' });
  }

  function authorize(params: URLSearchParams, res: ServerResponse): void {
    const redirectUri = params.get('redirect_uri') ?? '';
    const knownClient = params.get('client_id') === clientId;
    const redirectOk =
      redirectUris.length === 0 ? /^https?:\/\//.test(redirectUri) : redirectUris.includes(redirectUri);
    // RFC 6749 §4.1.2.1: never redirect to an unverified URI; answer the browser directly.
    if (!knownClient || !redirectOk)
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'unknown client_id or redirect_uri' });
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    const problem =
      params.get('response_type') !== 'code'
        ? 'unsupported_response_type'
        : !(params.get('scope') ?? '').split(' ').includes('openid')
          ? 'invalid_scope'
          : !challenge || params.get('code_challenge_method') !== 'S256'
            ? 'invalid_request'
            : undefined;
    if (problem || !challenge) {
      back.searchParams.set('error', problem ?? 'invalid_request');
      return redirect(res, back.toString());
    }
    const code = randomId();
    codes.set(code, {
      redirectUri,
      challenge,
      nonce: params.get('nonce') ?? undefined,
      user,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    back.searchParams.set('code', code);
    redirect(res, back.toString());
  }

  function token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse): void {
    const client = clientCredentials(req, form);
    if (!client || client.id !== clientId || client.secret !== clientSecret)
      return sendJson(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') return sendJson(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // single use, even when the request fails below
    const verifier = form.get('code_verifier') ?? '';
    const challengeOk =
      issued !== undefined && createHash('sha256').update(verifier).digest('base64url') === issued.challenge;
    if (!issued || issued.expiresAt < Date.now() || issued.redirectUri !== form.get('redirect_uri') || !challengeOk) {
      return sendJson(res, 400, { error: 'invalid_grant' });
    }
    const now = Math.floor(Date.now() / 1000);
    const accessToken = randomId();
    accessTokens.set(accessToken, issued.user);
    const idToken = signJwt(
      {
        iss: issuer,
        aud: clientId,
        iat: now,
        exp: now + TOKEN_TTL_S,
        ...(issued.nonce ? { nonce: issued.nonce } : {}),
        ...issued.user,
        ...idTokenOverrides,
      },
      privateKey,
      kid,
    );
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      id_token: idToken,
      scope: 'openid profile email',
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: options.port ?? 0 }, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The mock OIDC provider is not listening on a TCP port.');
  issuer = `http://127.0.0.1:${address.port}`;

  const mock: MockOidc = {
    issuer,
    clientId,
    clientSecret,
    setUser(next) {
      user = { ...next };
    },
    setIdTokenOverrides(overrides) {
      idTokenOverrides = overrides;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return mock;
}
