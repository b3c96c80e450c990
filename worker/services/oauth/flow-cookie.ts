import jwt from '@tsndr/cloudflare-worker-jwt';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SocialProvider } from '../../contract/config';
import type { AppEnv } from '../../env';
import { HttpError } from '../../http-error';
import { randomToken, sha256, timingSafeEqual } from '../auth/encoding';

/**
 * The browser's half of a social login flow. Starting a flow puts its `state`, PKCE verifier
 * and nonce in a cookie of this browser only; the callback is accepted only when the `state`
 * it carries equals the cookie's. A callback URL made in another browser (login CSRF, or an
 * attacker's code planted on a victim) therefore never signs anyone in.
 *
 * The cookie is an HS256 JWT (JWT_SECRET, its own audience, so it can never pass as an access
 * token) to enforce the 10-minute lifetime on our side too, not only the browser's. It is
 * httpOnly, scoped to /oauth, and SameSite=Lax so it survives the top-level redirect back
 * from the provider. Apple answers with a cross-site POST (form_post), which Lax cookies do
 * not follow, so Apple's cookie is SameSite=None (always Secure then).
 */
export interface OAuthFlow {
  provider: SocialProvider;
  state: string;
  /** PKCE code_verifier (RFC 7636): 43 characters of base64url. */
  verifier: string;
  nonce: string;
}

export const FLOW_TTL_S = 10 * 60;
const FLOW_AUDIENCE = 'oauth-flow';
const COOKIE_PATH = '/oauth';
const ALGORITHM = 'HS256';

export function flowCookieName(provider: SocialProvider): string {
  return `oauth_${provider}`;
}

export function newFlow(provider: SocialProvider): OAuthFlow {
  return { provider, state: randomToken(32), verifier: randomToken(32), nonce: randomToken(32) };
}

/** The S256 code_challenge: base64url(SHA-256(verifier)). */
export function codeChallenge(verifier: string): Promise<string> {
  return sha256(verifier);
}

function secret(c: Context<AppEnv>): string {
  if (!c.env.JWT_SECRET) throw new HttpError(500, 'The server is missing JWT_SECRET.', 'server_misconfigured');
  return c.env.JWT_SECRET;
}

function cookieOptions(c: Context<AppEnv>, provider: SocialProvider) {
  const crossSitePost = provider === 'apple';
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: crossSitePost || c.env.ENVIRONMENT !== 'development',
    sameSite: crossSitePost ? ('None' as const) : ('Lax' as const),
  };
}

export async function setFlowCookie(c: Context<AppEnv>, flow: OAuthFlow): Promise<void> {
  const iat = Math.floor(Date.now() / 1000);
  const value = await jwt.sign(
    {
      aud: FLOW_AUDIENCE,
      iat,
      exp: iat + FLOW_TTL_S,
      p: flow.provider,
      s: flow.state,
      v: flow.verifier,
      n: flow.nonce,
    },
    secret(c),
    { algorithm: ALGORITHM },
  );
  setCookie(c, flowCookieName(flow.provider), value, { ...cookieOptions(c, flow.provider), maxAge: FLOW_TTL_S });
}

/** The flow this browser started for `provider`, if its cookie is genuine and unexpired. */
export async function readFlowCookie(c: Context<AppEnv>, provider: SocialProvider): Promise<OAuthFlow | null> {
  const value = getCookie(c, flowCookieName(provider));
  if (!value) return null;
  try {
    const decoded = await jwt.verify<Record<string, unknown>>(value, secret(c), { algorithm: ALGORITHM });
    if (!decoded || decoded.header.alg !== ALGORITHM) return null;
    const { aud, exp, p, s, v, n } = decoded.payload;
    if (aud !== FLOW_AUDIENCE || typeof exp !== 'number' || exp <= Date.now() / 1000) return null;
    if (p !== provider || typeof s !== 'string' || typeof v !== 'string' || typeof n !== 'string') return null;
    return { provider, state: s, verifier: v, nonce: n };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return null;
  }
}

/** A flow is single-use: the callback clears its cookie whatever the outcome. */
export function clearFlowCookie(c: Context<AppEnv>, provider: SocialProvider): void {
  deleteCookie(c, flowCookieName(provider), cookieOptions(c, provider));
}

/** Whether the callback's `state` is the one this browser's flow holds. */
export function stateMatches(flow: OAuthFlow | null, state: string | undefined): flow is OAuthFlow {
  if (!flow || !state) return false;
  const encoder = new TextEncoder();
  return timingSafeEqual(encoder.encode(flow.state), encoder.encode(state));
}
