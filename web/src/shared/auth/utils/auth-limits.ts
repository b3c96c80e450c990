import type { AUTH_LIMITS as CONTRACT_AUTH_LIMITS } from '@contract/auth';

/**
 * The contract's limits (worker/contract/auth.ts), mirrored here because that module builds
 * zod schemas at load time: importing even its plain constants would pull ~26 KB gzip of zod
 * into the login page. `satisfies` fails the type check the moment the two drift apart.
 */
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
} as const satisfies typeof CONTRACT_AUTH_LIMITS;

/** A simple x@y.z pattern (same source as the contract's; a test compares them). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The forgot-password form's lower bound on the email. */
export const FORGOT_EMAIL_MIN = 3;
