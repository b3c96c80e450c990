import { optionalString } from '../http';
import type { SocialProfile } from './types';

/** Only https pictures are kept: the SPA shows them as images, so nothing else may get in. */
export function httpsUrl(value: unknown): string | undefined {
  const text = optionalString(value);
  if (!text || text.length > 2048) return undefined;
  try {
    return new URL(text).protocol === 'https:' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** OIDC's `email_verified` is a boolean, but Apple (and a few others) send the string "true". */
export function isVerifiedClaim(value: unknown): boolean {
  return value === true || value === 'true';
}

/** Standard OpenID Connect claims (ID token or userinfo) as a profile. */
export function profileFromClaims(claims: Record<string, unknown> & { sub: string }): SocialProfile {
  const given = optionalString(claims.given_name);
  const family = optionalString(claims.family_name);
  const name = optionalString(claims.name) ?? ([given, family].filter(Boolean).join(' ') || undefined);
  const email = optionalString(claims.email);
  const username = optionalString(claims.preferred_username) ?? optionalString(claims.nickname);
  const avatar = httpsUrl(claims.picture);
  return {
    providerId: claims.sub,
    emailVerified: email !== undefined && isVerifiedClaim(claims.email_verified),
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
    ...(username ? { username } : {}),
    ...(avatar ? { avatar } : {}),
  };
}
