import type { BackupCodesResponse, TwoFactorEnableResponse } from '../../contract/auth';
import type { UserRow } from '../../db/users';
import { HttpError } from '../../http-error';
import { DEFAULT_APP_TITLE } from '../startup-config';
import { backupCodeStatuses, createBackupCodes } from './backup-codes';
import {
  checkProof,
  claimTotpCode,
  hasProof,
  readTotpSecret,
  sealTotpSecret,
  type TwoFactorEnv,
  type TwoFactorProof,
} from './proof';
import { createTotpSecret, totpUri } from './totp';

/**
 * The two-factor life cycle of an account:
 *
 *   off ──GET /enable──▶ pending (secret + codes stored, not enforced) ──POST /confirm──▶ on
 *    ▲                      │  POST /verify checks a code of the new secret        │
 *    └───── POST /disable (no code needed) ◀┘        POST /disable (code required) ────┘
 *
 * Login asks for a second factor only once the setup is on, i.e. after the user saved the
 * backup codes and the dialog confirmed; an abandoned setup is dropped by its disable call.
 *
 * Every state change is a conditional UPDATE on the state it was decided from, so a request
 * racing another (say, an abandoned-setup disable against a confirm) cannot skip a check.
 */

export const ALREADY_ENABLED = 'Two-factor authentication is already enabled';
export const NOT_ENABLED = 'Two-factor authentication is not enabled';
export const INVALID_CODE = 'Invalid 2FA code or backup code';
export const PROOF_REQUIRED = 'A 6-digit code or a backup code is required';

/**
 * Starts (or restarts) a setup. Refused while 2FA is on: re-enabling means disabling first,
 * which needs a current code, so a stolen session cannot swap in its own authenticator.
 */
export async function beginSetup(env: TwoFactorEnv, user: UserRow): Promise<TwoFactorEnableResponse> {
  if (user.twoFactorEnabled) throw new HttpError(400, ALREADY_ENABLED);
  const secret = createTotpSecret();
  const backup = await createBackupCodes(env, user.id);
  // totpLastStep is reset with the secret: a step claimed under the old secret must not block
  // the first code of the new one within the same 30 seconds.
  const result = await env.DB.prepare(
    `UPDATE users SET totpSecret = ?1, backupCodes = ?2, totpLastStep = NULL, updatedAt = ?3
     WHERE id = ?4 AND twoFactorEnabled = 0`,
  )
    .bind(await sealTotpSecret(env, user.id, secret), JSON.stringify(backup.stored), Date.now(), user.id)
    .run();
  if (result.meta.changes !== 1) throw new HttpError(400, ALREADY_ENABLED);
  const issuer = env.APP_TITLE || DEFAULT_APP_TITLE;
  return { otpauthUrl: totpUri(issuer, user.email, secret), backupCodes: backup.codes };
}

/**
 * Turns a pending setup on: the last step, once the user has saved the backup codes. The
 * authenticator must have shown a code of the new secret, either at `POST /verify` earlier in
 * this setup or with this request. A verified setup is not asked again: the code the dialog
 * verified has usually expired (and was claimed) by the time the codes are downloaded.
 */
export async function confirmSetup(env: TwoFactorEnv, user: UserRow, token: string): Promise<void> {
  if (user.twoFactorEnabled) throw new HttpError(400, ALREADY_ENABLED);
  const secret = await readTotpSecret(env, user);
  if (secret === null) throw new HttpError(400, 'Two-factor setup has not been started');
  // beginSetup clears totpLastStep, so a claimed step means a code of this secret was verified.
  const verified = user.totpLastStep !== null;
  // Only a TOTP code confirms: it proves the authenticator was set up with this secret.
  if (!verified && !(await checkProof(env, user, { token }))) throw new HttpError(400, INVALID_CODE);
  // Conditional on the secret that was checked: a setup restarted meanwhile is not enabled.
  const result = await env.DB.prepare(
    'UPDATE users SET twoFactorEnabled = 1, updatedAt = ?1 WHERE id = ?2 AND totpSecret = ?3 AND twoFactorEnabled = 0',
  )
    .bind(Date.now(), user.id, user.totpSecret)
    .run();
  if (result.meta.changes !== 1) throw new HttpError(409, 'Two-factor setup changed; start again');
}

/** Checks a code for a signed-in user (`POST /verify`) or a 2FA login (`/verify-temp`). */
export async function verifyProof(env: TwoFactorEnv, user: UserRow, proof: TwoFactorProof): Promise<boolean> {
  if (!user.totpSecret) return false;
  return checkProof(env, user, proof);
}

/**
 * Turns 2FA off and forgets the secret and codes. A code is required when 2FA is on; an
 * unconfirmed setup (the SPA abandons one when its dialog closes) is dropped without one.
 */
export async function disableTwoFactor(env: TwoFactorEnv, user: UserRow, proof: TwoFactorProof): Promise<void> {
  const clear = `UPDATE users SET twoFactorEnabled = 0, totpSecret = NULL, backupCodes = '[]', totpLastStep = NULL, updatedAt = ?1`;
  if (!user.twoFactorEnabled) {
    const result = await env.DB.prepare(`${clear} WHERE id = ?2 AND twoFactorEnabled = 0`)
      .bind(Date.now(), user.id)
      .run();
    // Confirmed by a concurrent request after this one read the row: now a code is needed.
    if (result.meta.changes !== 1) throw new HttpError(400, PROOF_REQUIRED);
    return;
  }
  if (!hasProof(proof)) throw new HttpError(400, PROOF_REQUIRED);
  if (!(await checkProof(env, user, proof))) throw new HttpError(400, INVALID_CODE);
  await env.DB.prepare(`${clear} WHERE id = ?2`).bind(Date.now(), user.id).run();
}

/** Replaces every backup code; needs a current code or an unused backup code. */
export async function regenerateBackupCodes(
  env: TwoFactorEnv,
  user: UserRow,
  proof: TwoFactorProof,
): Promise<BackupCodesResponse> {
  if (!user.twoFactorEnabled) throw new HttpError(400, NOT_ENABLED);
  if (!(await checkProof(env, user, proof))) throw new HttpError(400, INVALID_CODE);
  const backup = await createBackupCodes(env, user.id);
  const result = await env.DB.prepare(
    'UPDATE users SET backupCodes = ?1, updatedAt = ?2 WHERE id = ?3 AND twoFactorEnabled = 1',
  )
    .bind(JSON.stringify(backup.stored), Date.now(), user.id)
    .run();
  if (result.meta.changes !== 1) throw new HttpError(400, NOT_ENABLED);
  return { backupCodes: backup.codes, backupCodesHash: backupCodeStatuses(backup.stored) };
}
