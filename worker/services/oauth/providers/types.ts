import type { SocialProvider } from '../../../contract/config';

/** What the token endpoint gave us that profiles are read from. */
export interface TokenSet {
  accessToken: string;
  idToken?: string;
}

/** A provider's account, mapped to our user fields. Nothing here is trusted beyond its provider. */
export interface SocialProfile {
  /** The stable account id at the provider (OIDC `sub`, GitHub's numeric id, …). */
  providerId: string;
  email?: string;
  /** Only true when the provider itself says it verified this address. */
  emailVerified: boolean;
  name?: string;
  username?: string;
  /** An https URL of the provider's picture. */
  avatar?: string;
}

export interface ProfileContext {
  clientId: string;
  /** The nonce this browser's flow sent; OIDC ID tokens must echo it. */
  nonce: string;
  /** Apple posts the user's name (first sign-in only) as a JSON form field. */
  appleUser?: string;
}

/**
 * One configured provider: its endpoints (fixed in code, or from the configured issuer's
 * discovery for `openid`), the client credentials, and how its profile is read.
 */
export interface ProviderClient {
  provider: SocialProvider;
  clientId: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
  /** Apple's secret is a short-lived JWT made on demand; the others are the env value. */
  clientSecret(): Promise<string>;
  scope: string;
  /** Send an S256 code_challenge (every provider here supports it except Apple). */
  pkce: boolean;
  /** Send a nonce and expect it back in the ID token (OpenID Connect providers). */
  nonce: boolean;
  /** Provider-specific authorization parameters (Apple's response_mode=form_post). */
  authorizationParams?: Record<string, string>;
  profile(tokens: TokenSet, context: ProfileContext): Promise<SocialProfile>;
}
