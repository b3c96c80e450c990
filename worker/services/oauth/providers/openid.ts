import type { EnvVars } from '../../../env';
import { discoverOidc } from '../discovery';
import { OAUTH_ERRORS, OAuthError } from '../errors';
import { asRecord, fetchProviderJson, optionalString } from '../http';
import { verifyIdToken } from '../id-token';
import { isVerifiedClaim, profileFromClaims } from './claims';
import type { ProfileContext, ProviderClient, SocialProfile, TokenSet } from './types';

/**
 * A generic OpenID Connect provider (Keycloak, Authentik, Auth0, Entra ID, …) configured with
 * LibreChat's OPENID_* variables. Endpoints come from the issuer's discovery document; the
 * account is the verified ID token, completed by the userinfo endpoint when there is one.
 */
export const DEFAULT_OPENID_SCOPE = 'openid profile email';

/** OPENID_SCOPE as given, with `openid` added if missing: without it there is no ID token. */
export function openidScope(configured: string | undefined): string {
  const scopes = (configured ?? DEFAULT_OPENID_SCOPE).split(/\s+/).filter(Boolean);
  return (scopes.includes('openid') ? scopes : ['openid', ...scopes]).join(' ');
}

/** Userinfo claims take precedence, but a verification flag only counts for its own address. */
export function mergeUserinfo(
  fromToken: SocialProfile,
  userinfo: Record<string, unknown> & { sub: string },
): SocialProfile {
  const fromUserinfo = profileFromClaims(userinfo);
  // Without an email in userinfo, the ID token's email and flag stand (the spread keeps them).
  if (fromUserinfo.email === undefined)
    return { ...fromToken, ...fromUserinfo, emailVerified: fromToken.emailVerified };
  const sameAddress = fromUserinfo.email === fromToken.email;
  return {
    ...fromToken,
    ...fromUserinfo,
    emailVerified: fromUserinfo.emailVerified || (sameAddress && fromToken.emailVerified),
  };
}

export async function openidClient(env: EnvVars): Promise<ProviderClient> {
  const metadata = await discoverOidc(env.OPENID_ISSUER ?? '');
  const methods = metadata.tokenEndpointAuthMethods;
  // OIDC's default is client_secret_basic when the document lists nothing.
  const tokenAuth =
    !methods || methods.includes('client_secret_basic')
      ? 'client_secret_basic'
      : methods.includes('client_secret_post')
        ? 'client_secret_post'
        : undefined;
  if (!tokenAuth)
    throw new OAuthError(
      OAUTH_ERRORS.failed,
      'discovery: the issuer supports neither client_secret_basic nor client_secret_post',
    );
  const clientId = env.OPENID_CLIENT_ID ?? '';
  const secret = env.OPENID_CLIENT_SECRET ?? '';

  async function profile(tokens: TokenSet, context: ProfileContext): Promise<SocialProfile> {
    if (!tokens.idToken) throw new OAuthError(OAUTH_ERRORS.failed, 'openid: the token answer has no id_token');
    const claims = await verifyIdToken(tokens.idToken, {
      jwksUri: metadata.jwksUri,
      issuers: [metadata.issuer],
      audience: context.clientId,
      nonce: context.nonce,
    });
    const fromToken = profileFromClaims(claims);
    if (!metadata.userinfoEndpoint) return fromToken;
    const userinfo = asRecord(
      await fetchProviderJson(
        metadata.userinfoEndpoint,
        { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' } },
        'openid userinfo',
      ),
      'openid userinfo',
    );
    // OIDC Core §5.3.2: userinfo for another subject must not be used.
    if (userinfo.sub !== claims.sub)
      throw new OAuthError(OAUTH_ERRORS.failed, 'openid userinfo: sub differs from the ID token');
    return mergeUserinfo(fromToken, { ...userinfo, sub: claims.sub });
  }

  return {
    provider: 'openid',
    clientId,
    authorizationEndpoint: metadata.authorizationEndpoint,
    tokenEndpoint: metadata.tokenEndpoint,
    tokenAuth,
    clientSecret: () => Promise.resolve(secret),
    scope: openidScope(env.OPENID_SCOPE),
    // Sent unless the issuer says it supports PKCE but not S256.
    pkce: !metadata.codeChallengeMethods || metadata.codeChallengeMethods.includes('S256'),
    nonce: true,
    profile,
  };
}
