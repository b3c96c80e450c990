import jwt from '@tsndr/cloudflare-worker-jwt';
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';
import { DEFAULT_SESSION_EXPIRY_MS, TWO_FACTOR_TEMP_TOKEN_MS, parseDurationMs } from './durations';

/**
 * Access tokens: HS256 JWTs signed with JWT_SECRET. The algorithm is pinned on both ends and
 * the header is checked too, so `alg: none` or an RS/ES token can never pass. Each token
 * carries an audience, so a 2FA-pending token is never accepted as an access token.
 */
const ALGORITHM = 'HS256';
const ACCESS_AUDIENCE = 'access';
const TWO_FACTOR_AUDIENCE = '2fa-pending';

export interface AccessClaims {
  id: string;
  username: string;
  provider: string;
  email: string;
}

/** HS256's key algorithm, as WebCrypto names it. */
const HMAC_SHA256 = { name: 'HMAC', hash: { name: 'SHA-256' } } as const;

/**
 * The imported signing key, per secret: importing it is WebCrypto work every signed-in request
 * would otherwise repeat. Normally one entry (JWT_SECRET); a few at most where tests vary it.
 */
const importedKeys = new Map<string, Promise<CryptoKey>>();
const MAX_IMPORTED_KEYS = 4;

function signingKey(env: EnvVars): Promise<CryptoKey> {
  const text = env.JWT_SECRET;
  if (!text) throw new HttpError(500, 'The server is missing JWT_SECRET.', 'server_misconfigured');
  let key = importedKeys.get(text);
  if (!key) {
    if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.clear();
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(text), HMAC_SHA256, false, ['sign', 'verify']);
    importedKeys.set(text, key);
    // A failed import is not kept: the next request tries again.
    key.catch(() => importedKeys.delete(text));
  }
  return key;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function accessTokenLifetimeMs(env: EnvVars): number {
  return parseDurationMs(env.SESSION_EXPIRY, DEFAULT_SESSION_EXPIRY_MS);
}

export async function signAccessToken(env: EnvVars, claims: AccessClaims): Promise<string> {
  const iat = nowSeconds();
  return jwt.sign(
    { ...claims, sub: claims.id, aud: ACCESS_AUDIENCE, iat, exp: iat + Math.floor(accessTokenLifetimeMs(env) / 1000) },
    await signingKey(env),
    { algorithm: ALGORITHM },
  );
}

async function verifyWithAudience(
  env: EnvVars,
  token: string,
  audience: string,
): Promise<Record<string, unknown> | null> {
  try {
    const decoded = await jwt.verify<Record<string, unknown>>(token, await signingKey(env), { algorithm: ALGORITHM });
    if (!decoded || decoded.header.alg !== ALGORITHM) return null;
    const { payload } = decoded;
    // verify() checks exp when present; a token without one must not live forever.
    if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds()) return null;
    if (payload.aud !== audience) return null;
    return payload;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return null; // malformed token
  }
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(env: EnvVars, token: string): Promise<AccessClaims | null> {
  const payload = await verifyWithAudience(env, token, ACCESS_AUDIENCE);
  if (!payload) return null;
  const { id, username, provider, email } = payload;
  if (
    typeof id !== 'string' ||
    typeof username !== 'string' ||
    typeof provider !== 'string' ||
    typeof email !== 'string'
  ) {
    return null;
  }
  return { id, username, provider, email };
}

/** The 5-minute token a 2FA user gets from login; only `/api/auth/2fa/verify-temp` takes it. */
export async function signTwoFactorTempToken(env: EnvVars, userId: string): Promise<string> {
  const iat = nowSeconds();
  return jwt.sign(
    { sub: userId, aud: TWO_FACTOR_AUDIENCE, iat, exp: iat + TWO_FACTOR_TEMP_TOKEN_MS / 1000 },
    await signingKey(env),
    { algorithm: ALGORITHM },
  );
}

export async function verifyTwoFactorTempToken(env: EnvVars, token: string): Promise<string | null> {
  const payload = await verifyWithAudience(env, token, TWO_FACTOR_AUDIENCE);
  return payload && typeof payload.sub === 'string' ? payload.sub : null;
}
