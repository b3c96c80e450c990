/**
 * Why a social login was refused. The code is all the browser learns: it lands on
 * `/login?error=<code>`, never on a message built from provider input. Details go to the log.
 */
export const OAUTH_ERRORS = {
  /** No flow cookie, an expired one, or a `state` that is not this browser's. */
  state: 'oauth_state_mismatch',
  /** The provider answered with an error (the user cancelled, consent refused, …). */
  denied: 'oauth_denied',
  /** Token exchange, ID token or profile failed: a provider or configuration problem. */
  failed: 'oauth_failed',
  /** The provider gave no usable email address. */
  emailRequired: 'oauth_email_required',
  /** `registration.allowedDomains` does not include the email's domain. */
  domain: 'oauth_domain_not_allowed',
  /** No account yet and ALLOW_SOCIAL_REGISTRATION is not true. */
  registration: 'oauth_registration_disabled',
  /** An account with this email exists and cannot safely be linked to this identity. */
  accountExists: 'oauth_account_exists',
  /** Too many sign-ins from this IP (the login limit, shared with password login). */
  rateLimited: 'oauth_rate_limited',
  /** This IP is banned for repeated violations. */
  banned: 'oauth_banned',
} as const;

export type OAuthErrorCode = (typeof OAUTH_ERRORS)[keyof typeof OAUTH_ERRORS];

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    /** For the log only: never shown to the user, never holds tokens or codes. */
    detail: string,
  ) {
    super(detail);
    this.name = 'OAuthError';
  }
}
