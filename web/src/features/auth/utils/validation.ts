import type { TranslationKey } from '@/lib/i18n/keys';
import { AUTH_LIMITS, EMAIL_PATTERN } from '@contract/auth-limits';

/** A field's problem: a message key and the limit it names, if any. */
export type FieldError = { key: TranslationKey; limit?: number };

const LONGER_THAN = (max: number, key: TranslationKey) => (value: string) =>
  value.length > max ? { key, limit: max } : null;

export function validateEmail(value: string, { min = 1 }: { min?: number } = {}): FieldError | null {
  const email = value.trim();
  if (email === '') return { key: 'com_auth_email_required' };
  if (email.length < min) return { key: 'com_auth_email_min_length', limit: min };
  return (
    LONGER_THAN(AUTH_LIMITS.emailMax, 'com_auth_email_max_length')(email) ??
    (EMAIL_PATTERN.test(email) ? null : { key: 'com_auth_email_pattern' })
  );
}

export function validatePassword(value: string): FieldError | null {
  if (value === '') return { key: 'com_auth_password_required' };
  if (value.length < AUTH_LIMITS.passwordMin)
    return { key: 'com_auth_password_min_length', limit: AUTH_LIMITS.passwordMin };
  return LONGER_THAN(AUTH_LIMITS.passwordMax, 'com_auth_password_max_length')(value);
}

export function validateName(value: string): FieldError | null {
  const name = value.trim();
  if (name === '') return { key: 'com_auth_name_required' };
  if (name.length < AUTH_LIMITS.nameMin) return { key: 'com_auth_name_min_length', limit: AUTH_LIMITS.nameMin };
  return LONGER_THAN(AUTH_LIMITS.nameMax, 'com_auth_name_max_length')(name);
}

export function validateConfirmation(password: string, confirmation: string): FieldError | null {
  return password === confirmation ? null : { key: 'com_auth_password_not_match' };
}
