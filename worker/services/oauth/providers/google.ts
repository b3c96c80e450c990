import type { EnvVars } from '../../../env';
import { OAUTH_ERRORS, OAuthError } from '../errors';
import { verifyIdToken } from '../id-token';
import { profileFromClaims } from './claims';
import type { ProfileContext, ProviderClient, SocialProfile, TokenSet } from './types';

/**
 * Google (OpenID Connect). Its endpoints are fixed and documented, so no discovery round
 * trip; the profile is the verified ID token (email, email_verified, name, picture).
 */
export const GOOGLE_JWKS_URI = 'https://www.googleapis.com/oauth2/v3/certs';
/** Google's ID tokens use either spelling of its issuer. */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'] as const;

export async function googleProfile(tokens: TokenSet, context: ProfileContext): Promise<SocialProfile> {
  if (!tokens.idToken) throw new OAuthError(OAUTH_ERRORS.failed, 'google: the token answer has no id_token');
  const claims = await verifyIdToken(tokens.idToken, {
    jwksUri: GOOGLE_JWKS_URI,
    issuers: GOOGLE_ISSUERS,
    audience: context.clientId,
    nonce: context.nonce,
  });
  return profileFromClaims(claims);
}

export function googleClient(env: EnvVars): ProviderClient {
  const secret = env.GOOGLE_CLIENT_SECRET ?? '';
  return {
    provider: 'google',
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    tokenAuth: 'client_secret_post',
    clientSecret: () => Promise.resolve(secret),
    scope: 'openid profile email',
    pkce: true,
    nonce: true,
    profile: googleProfile,
  };
}
