import type { EnvVars } from '../../../env';
import { toBase64Url } from '../../auth/encoding';
import { OAUTH_ERRORS, OAuthError } from '../errors';
import { verifyIdToken } from '../id-token';
import { profileFromClaims } from './claims';
import type { ProfileContext, ProviderClient, SocialProfile, TokenSet } from './types';

/**
 * Sign in with Apple. The client secret is a JWT we sign with the team's private key (ES256,
 * APPLE_PRIVATE_KEY as PEM PKCS#8, the `.p8` file's content); the account is the ID token.
 * Apple answers with a cross-site form POST (required when asking for name and email) and
 * sends the user's name only on the very first sign-in, as a `user` form field.
 * Apple does not document PKCE, so the flow relies on `state`, `nonce` and the secret.
 */
export const APPLE_ISSUER = 'https://appleid.apple.com';
export const APPLE_JWKS_URI = 'https://appleid.apple.com/auth/keys';
/** Apple allows up to six months; a secret made per login only needs minutes. */
const CLIENT_SECRET_TTL_S = 5 * 60;

function pemToPkcs8(pem: string): Uint8Array {
  // Operators often store the key on one line with literal \n separators.
  const body = pem
    .replace(/\\n/g, '\n')
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
    .replace(/\s+/g, '');
  try {
    return Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  } catch {
    throw new OAuthError(OAUTH_ERRORS.failed, 'APPLE_PRIVATE_KEY is not a PEM private key');
  }
}

export async function appleClientSecret(env: EnvVars, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(
      'pkcs8',
      pemToPkcs8(env.APPLE_PRIVATE_KEY ?? ''),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError(OAUTH_ERRORS.failed, 'APPLE_PRIVATE_KEY is not a P-256 private key');
  }
  const encode = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  const header = encode({ alg: 'ES256', kid: env.APPLE_KEY_ID ?? '' });
  const payload = encode({
    iss: env.APPLE_TEAM_ID ?? '',
    iat: nowS,
    exp: nowS + CLIENT_SECRET_TTL_S,
    aud: APPLE_ISSUER,
    sub: env.APPLE_CLIENT_ID ?? '',
  });
  // WebCrypto's ECDSA signature is already JWS's raw r||s form.
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(`${header}.${payload}`),
  );
  return `${header}.${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The name Apple posts on first sign-in: `{"name":{"firstName":…,"lastName":…}}`. */
function nameFromAppleUser(appleUser: string | undefined): string | undefined {
  if (!appleUser || appleUser.length > 2000) return undefined;
  try {
    const parsed: unknown = JSON.parse(appleUser);
    const name = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).name : undefined;
    if (typeof name !== 'object' || name === null) return undefined;
    const { firstName, lastName } = name as Record<string, unknown>;
    const full = [firstName, lastName]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join(' ');
    return full || undefined;
  } catch {
    return undefined;
  }
}

export async function appleProfile(tokens: TokenSet, context: ProfileContext): Promise<SocialProfile> {
  if (!tokens.idToken) throw new OAuthError(OAUTH_ERRORS.failed, 'apple: the token answer has no id_token');
  const claims = await verifyIdToken(tokens.idToken, {
    jwksUri: APPLE_JWKS_URI,
    issuers: [APPLE_ISSUER],
    audience: context.clientId,
    nonce: context.nonce,
  });
  const profile = profileFromClaims(claims);
  const name = profile.name ?? nameFromAppleUser(context.appleUser);
  return name ? { ...profile, name } : profile;
}

export function appleClient(env: EnvVars): ProviderClient {
  return {
    provider: 'apple',
    clientId: env.APPLE_CLIENT_ID ?? '',
    authorizationEndpoint: `${APPLE_ISSUER}/auth/authorize`,
    tokenEndpoint: `${APPLE_ISSUER}/auth/token`,
    tokenAuth: 'client_secret_post',
    clientSecret: () => appleClientSecret(env),
    scope: 'name email',
    pkce: false,
    nonce: true,
    authorizationParams: { response_mode: 'form_post' },
    profile: appleProfile,
  };
}
