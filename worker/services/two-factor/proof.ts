import type { UserRow } from '../../db/users';
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';
import { credsAesKey } from '../crypto/creds-key';
import { openSealedString, sealString } from '../crypto/aes-gcm';
import { claimAttempt } from './attempts';
import { findUnusedCode, hashBackupCode, parseStoredCodes } from './backup-codes';
import { matchTotpStep } from './totp';

export type TwoFactorEnv = EnvVars & { DB: D1Database };

/** A current TOTP code or an unused backup code, as the 2FA bodies carry them. */
export interface TwoFactorProof {
  token?: string | undefined;
  backupCode?: string | undefined;
}

/** Bound to the user, so a secret copied to another account's row does not decrypt. */
const secretContext = (userId: string) => `users.totpSecret:${userId}`;

export async function sealTotpSecret(env: TwoFactorEnv, userId: string, secret: string): Promise<string> {
  return sealString(await credsAesKey(env), secret, secretContext(userId));
}

/** The user's TOTP secret in clear, or null when none is stored. */
export async function readTotpSecret(
  env: TwoFactorEnv,
  user: Pick<UserRow, 'id' | 'totpSecret'>,
): Promise<string | null> {
  if (!user.totpSecret) return null;
  const secret = await openSealedString(await credsAesKey(env), user.totpSecret, secretContext(user.id));
  // Only a changed CREDS_KEY (or a tampered row) gets here: the operator must know, the user cannot fix it.
  if (secret === null) {
    throw new HttpError(
      500,
      'The stored two-factor secret cannot be decrypted with the current CREDS_KEY.',
      'server_misconfigured',
    );
  }
  return secret;
}

/**
 * Accepts a TOTP code once only. The code must be valid now (±1 step) and its time step must
 * be later than the last accepted one; the step is then claimed with a conditional UPDATE, so
 * of two requests racing with the same code exactly one wins — whichever route they came through.
 */
export async function claimTotpCode(env: TwoFactorEnv, user: UserRow, secret: string, token: string): Promise<boolean> {
  const step = await matchTotpStep(secret, token, user.totpLastStep);
  if (step === null) return false;
  const result = await env.DB.prepare(
    `UPDATE users SET totpLastStep = ?1
     WHERE id = ?2 AND totpSecret = ?3 AND (totpLastStep IS NULL OR totpLastStep < ?1)`,
  )
    .bind(step, user.id, user.totpSecret)
    .run();
  return result.meta.changes === 1;
}

/**
 * Marks a backup code used (with the date). Compare-and-set on the stored JSON: the update
 * applies only if the list is still the one read, so one code cannot be spent twice by
 * concurrent requests. A lost race with another code's use is retried on the fresh list.
 */
export async function consumeBackupCode(env: TwoFactorEnv, userId: string, code: string): Promise<boolean> {
  const hash = await hashBackupCode(env, userId, code);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await env.DB.prepare('SELECT backupCodes FROM users WHERE id = ?1')
      .bind(userId)
      .first<{ backupCodes: string }>();
    if (!row) return false;
    const stored = parseStoredCodes(row.backupCodes);
    const index = findUnusedCode(stored, hash);
    if (index === -1) return false;
    const updated = stored.map((entry, i) => (i === index ? { ...entry, used: true, usedAt: Date.now() } : entry));
    const result = await env.DB.prepare('UPDATE users SET backupCodes = ?1 WHERE id = ?2 AND backupCodes = ?3')
      .bind(JSON.stringify(updated), userId, row.backupCodes)
      .run();
    if (result.meta.changes === 1) return true;
  }
  return false;
}

export function hasProof(proof: TwoFactorProof): boolean {
  return proof.token !== undefined || proof.backupCode !== undefined;
}

/**
 * Whether the proof is good for this user: a TOTP code when one is given, otherwise a backup
 * code. Counts toward the per-user attempt cap (429 when used up); a success is refunded.
 */
export async function checkProof(env: TwoFactorEnv, user: UserRow, proof: TwoFactorProof): Promise<boolean> {
  const secret = await readTotpSecret(env, user);
  if (secret === null || !hasProof(proof)) return false;
  const ticket = await claimAttempt(env, user.id);
  const ok =
    proof.token !== undefined
      ? await claimTotpCode(env, user, secret, proof.token)
      : await consumeBackupCode(env, user.id, proof.backupCode ?? '');
  if (ok) await ticket.refund();
  return ok;
}
