/**
 * OAuth for actions, as the tool runs it: the authorization-code flow with PKCE (S256), and the
 * token endpoint's two ways of taking the client's credentials (`default_post`: in the form body;
 * `basic_auth_header`: as `Authorization: Basic`). Pure functions over a given fetch, so the
 * Durable Object (a run) and the worker (the confirmation, refreshes) share them.
 */
import type { FetchLike } from '../../providers/types';

export type TokenExchangeMethod = 'default_post' | 'basic_auth_header';

/** What a run needs to sign a user in to an OAuth action, resolved by the worker. */
export interface OAuthActionConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  exchangeMethod: TokenExchangeMethod;
  /** `{server}/api/actions/{action_id}/oauth/callback`. */
  redirectUri: string;
  /** How long a call waits for the user to sign in. */
  waitMs: number;
  /**
   * For a user with no token: the PKCE pair the worker made, the S256 challenge for the link and
   * the verifier sealed with CREDS_KEY (only the worker opens it, when it exchanges the code).
   * The run never holds the verifier itself.
   */
  pkce: { challenge: string; sealedVerifier: string } | null;
}

/** A user's tokens for one action; `expiresAt` in ms (null: the server gave no lifetime). */
export interface OAuthToken {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
}

/** How long a sign-in flow's state stays usable, in seconds. */
export const OAUTH_FLOW_TTL_S = 600;

/** A token this close to its expiry is refreshed first, so it does not lapse mid-request. */
const EXPIRY_MARGIN_MS = 30_000;

export const NO_TOKEN_TEXT = 'No access token found. Please log in first.';
export const TOKEN_EXPIRED_TEXT = 'Access token is expired. Please re-login.';

export function isTokenLive(token: OAuthToken, now = Date.now()): boolean {
  return token.expiresAt === null || token.expiresAt - EXPIRY_MARGIN_MS > now;
}

function base64Url(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** 32 random bytes, URL-safe: a state or a PKCE verifier. */
export function randomSecret(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256, URL-safe base64: the S256 challenge of a verifier, and how a state is stored. */
export async function sha256Url(text: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** The address the user opens to sign in. */
export function authorizationLink(config: OAuthActionConfig, challenge: string, state: string): string {
  const url = new URL(config.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  if (config.scope) url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

export type TokenGrant =
  | { grant_type: 'authorization_code'; code: string; code_verifier: string; redirect_uri: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

type ClientCredentials = Pick<OAuthActionConfig, 'clientId' | 'clientSecret' | 'tokenUrl' | 'exchangeMethod'>;

/**
 * Asks the token endpoint for tokens; answers them, or a sentence saying why not (never the
 * server's body: it may echo the client secret).
 */
export async function requestToken(
  fetch: FetchLike,
  client: ClientCredentials,
  grant: TokenGrant,
  signal?: AbortSignal,
  now = Date.now(),
): Promise<OAuthToken | string> {
  const form = new URLSearchParams(grant);
  const headers = new Headers({ accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });
  if (client.exchangeMethod === 'basic_auth_header') {
    const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    headers.set('authorization', `Basic ${btoa(pair)}`);
  } else {
    form.set('client_id', client.clientId);
    // A public client (PKCE alone) has no secret to send.
    if (client.clientSecret !== '') form.set('client_secret', client.clientSecret);
  }
  let response: Response;
  try {
    response = await fetch(client.tokenUrl, {
      method: 'POST',
      headers,
      body: form.toString(),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    signal?.throwIfAborted();
    return `The token endpoint could not be reached (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!response.ok) return `The token endpoint answered HTTP ${response.status}`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return 'The token endpoint did not answer JSON';
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof fields.access_token !== 'string' || fields.access_token === '')
    return 'The token endpoint answered no access token';
  const lifetime = Number(fields.expires_in);
  return {
    accessToken: fields.access_token,
    refreshToken: typeof fields.refresh_token === 'string' && fields.refresh_token !== '' ? fields.refresh_token : null,
    expiresAt: Number.isFinite(lifetime) && lifetime > 0 ? now + lifetime * 1000 : null,
  };
}
