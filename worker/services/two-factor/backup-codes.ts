import { z } from 'zod';
import type { BackupCodeStatus } from '../../contract/auth';
import { AUTH_LIMITS } from '../../contract/auth-limits';
import type { StoredBackupCode } from '../../db/schema';
import type { EnvVars } from '../../env';
import { timingSafeEqual, toBase64Url } from '../auth/encoding';
import { credsHmacKey } from '../crypto/creds-key';

/**
 * Backup codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a code
 * copied from paper works. 31 symbols ^ 8 ≈ 8.5·10^11 per code.
 *
 * Only a hash is stored. The codes are too short for a plain SHA-256 to survive a leaked
 * table (2^40 guesses is an afternoon on a GPU), so the hash is an HMAC under a key derived
 * from CREDS_KEY, with the user id mixed in so equal codes of two users hash differently.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const HMAC_PURPOSE = 'backup-codes';

function randomCode(): string {
  let code = '';
  while (code.length < AUTH_LIMITS.backupCodeLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      // Rejection sampling: bytes ≥ 248 (8 × 31) would bias the first symbols.
      if (byte >= ALPHABET.length * 8 || code.length >= AUTH_LIMITS.backupCodeLength) continue;
      code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** Users may type codes in lower case or with stray spaces. */
export function normalizeBackupCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export async function hashBackupCode(env: Pick<EnvVars, 'CREDS_KEY'>, userId: string, code: string): Promise<string> {
  const key = await credsHmacKey(env, HMAC_PURPOSE);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${userId}:${normalizeBackupCode(code)}`));
  return toBase64Url(new Uint8Array(mac));
}

export interface NewBackupCodes {
  codes: string[];
  stored: StoredBackupCode[];
}

export async function createBackupCodes(env: Pick<EnvVars, 'CREDS_KEY'>, userId: string): Promise<NewBackupCodes> {
  const codes = Array.from({ length: AUTH_LIMITS.backupCodeCount }, randomCode);
  const stored = await Promise.all(
    codes.map(async (code) => ({ codeHash: await hashBackupCode(env, userId, code), used: false, usedAt: null })),
  );
  return { codes, stored };
}

/** The stored list as the API shows it (dates as ISO strings). */
export function backupCodeStatuses(stored: readonly StoredBackupCode[]): BackupCodeStatus[] {
  return stored.map((code) => ({
    codeHash: code.codeHash,
    used: code.used,
    usedAt: code.usedAt === null ? null : new Date(code.usedAt).toISOString(),
  }));
}

/**
 * The index of the unused stored code matching `hash`, or -1. Every entry is compared, in
 * constant time, so the answer's timing does not tell which codes exist or are used.
 */
export function findUnusedCode(stored: readonly StoredBackupCode[], hash: string): number {
  const wanted = new TextEncoder().encode(hash);
  let found = -1;
  stored.forEach((code, index) => {
    const equal = timingSafeEqual(new TextEncoder().encode(code.codeHash), wanted);
    if (equal && !code.used && found === -1) found = index;
  });
  return found;
}

const storedCodesSchema = z.array(
  z.object({ codeHash: z.string(), used: z.boolean(), usedAt: z.number().nullable().catch(null) }),
);

/** Parses the stored JSON defensively: anything unexpected counts as "no codes". */
export function parseStoredCodes(json: string | null): StoredBackupCode[] {
  if (!json) return [];
  try {
    const parsed = storedCodesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
