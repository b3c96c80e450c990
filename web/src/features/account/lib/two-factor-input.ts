import { AUTH_LIMITS } from '@contract/auth-limits';
import type { TwoFactorProof } from '../api/two-factor-proof';

/** Which kind of proof the user is typing. */
export type ProofMode = 'token' | 'backupCode';

const TOTP_CODE = new RegExp(`^\\d{${AUTH_LIMITS.totpCodeLength}}$`);

export const isTotpCode = (value: string): boolean => TOTP_CODE.test(value.trim());

/** Keeps what can be part of an authenticator code: digits, at most six. */
export const sanitizeTotpInput = (value: string): string =>
  value.replace(/\D/g, '').slice(0, AUTH_LIMITS.totpCodeLength);

/** Backup codes are eight characters; spaces pasted along are dropped. */
export const sanitizeBackupCodeInput = (value: string): string =>
  value.replace(/\s/g, '').slice(0, AUTH_LIMITS.backupCodeLength);

export const sanitizeProofInput = (mode: ProofMode, value: string): string =>
  mode === 'token' ? sanitizeTotpInput(value) : sanitizeBackupCodeInput(value);

/** The proof to send, or null while the input is incomplete (then nothing is sent). */
export function toProof(mode: ProofMode, value: string): TwoFactorProof | null {
  const trimmed = value.trim();
  if (mode === 'token') return isTotpCode(trimmed) ? { token: trimmed } : null;
  return trimmed.length === AUTH_LIMITS.backupCodeLength ? { backupCode: trimmed } : null;
}
