import { ERROR_CODES } from '@contract/errors';
import { ApiError } from '@/lib/api/api-error';
import type { TranslationKey } from '@/lib/i18n/keys';

const CAPTCHA_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.captchaRequired,
  ERROR_CODES.captchaFailed,
  ERROR_CODES.captchaUnavailable,
]);

const isCaptchaRefusal = (error: ApiError) => error.code !== undefined && CAPTCHA_CODES.has(error.code);

/** The login error message for a failed attempt: the captcha's refusals, then by status. */
export function loginErrorKey(error: unknown): TranslationKey {
  if (!(error instanceof ApiError)) return 'com_auth_error_login';
  if (isCaptchaRefusal(error)) return 'com_auth_error_captcha';
  if (error.status === 429) return 'com_auth_error_login_rl';
  if (error.status === 403) return 'com_auth_error_login_ban';
  if (error.status === 422) return 'com_auth_error_login_unverified';
  if (error.status >= 500) return 'com_auth_error_login_server';
  return 'com_auth_error_login';
}

/**
 * The server's own words, when they add something: a validation failure names the field, a
 * captcha refusal says what to do (solve it again, wait, tell the administrator). A credentials
 * refusal is kept generic so the page never tells which half was wrong.
 */
export function loginErrorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const explains =
    error.code === ERROR_CODES.validation || error.code === ERROR_CODES.serverMisconfigured || isCaptchaRefusal(error);
  return explains ? error.message : null;
}

export const isUnverifiedEmailError = (error: unknown): boolean => error instanceof ApiError && error.status === 422;
