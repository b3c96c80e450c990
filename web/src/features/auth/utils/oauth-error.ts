import type { TranslationKey } from '@/lib/i18n/keys';

/**
 * What a refused social login means, by the code the server puts in `/login?error=<code>`
 * (worker/services/oauth/errors.ts). Unknown codes get the generic message.
 */
const MESSAGES: Record<string, TranslationKey> = {
  oauth_rate_limited: 'com_auth_error_login_rl',
  oauth_banned: 'com_auth_error_login_ban',
  oauth_denied: 'com_auth_error_oauth_denied',
  oauth_email_required: 'com_auth_error_oauth_email_required',
  oauth_domain_not_allowed: 'com_auth_error_oauth_domain',
  oauth_registration_disabled: 'com_auth_error_oauth_registration_disabled',
  oauth_account_exists: 'com_auth_error_oauth_account_exists',
};

export function oauthErrorKey(code: string | null): TranslationKey | null {
  if (!code) return null;
  return MESSAGES[code] ?? 'com_auth_error_oauth_failed';
}
