/*
 * The account limits, apart from the auth schemas: the login and register pages check input
 * against them and must not load zod to do it.
 */

/** Lengths of the account fields and of the two-factor codes. */
export const AUTH_LIMITS = {
  emailMax: 120,
  passwordMin: 8,
  passwordMax: 128,
  nameMin: 3,
  nameMax: 80,
  usernameMax: 80,
  totpCodeLength: 6,
  backupCodeLength: 8,
  backupCodeCount: 10,
} as const;

/** A simple x@y.z pattern, as LibreChat's forms check an email. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
