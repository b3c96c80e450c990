import { env } from 'cloudflare:workers';
import { NobleCryptoPlugin, ScureBase32Plugin, generate } from 'otplib';
import type { UserRow } from '../db/users';
import type { EnvVars } from '../env';
import { authHeader } from './auth-helpers';
import { callApp } from './helpers';

/** A valid CREDS_KEY for tests (64 hex characters). */
export const TEST_CREDS: EnvVars = { CREDS_KEY: '0123456789abcdef'.repeat(4) };

const otpCrypto = new NobleCryptoPlugin();
const base32 = new ScureBase32Plugin();

/** The TOTP code of `secret` for `offsetSteps` 30-second steps from now, computed as an authenticator app would. */
export function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, crypto: otpCrypto, base32, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** The secret parameter of an otpauth URL (what the QR code gives an authenticator app). */
export function secretOf(otpauthUrl: string): string {
  const secret = new URL(otpauthUrl).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUrl}`);
  return secret;
}

/** JSON call as `user` (when given) with the test CREDS_KEY set. */
export async function callAs(
  user: UserRow | null,
  path: string,
  method = 'GET',
  body?: unknown,
  vars: EnvVars = TEST_CREDS,
): Promise<Response> {
  const headers: Record<string, string> = user ? await authHeader(user) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return callApp(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }, vars);
}

export interface EnabledTwoFactor {
  secret: string;
  backupCodes: string[];
}

/** Runs the setup through the API: enable, then confirm with the current code. */
export async function enableTwoFactor(user: UserRow): Promise<EnabledTwoFactor> {
  const enabled = await callAs(user, '/api/auth/2fa/enable');
  if (enabled.status !== 200) throw new Error(`enable answered ${enabled.status}`);
  const body = await enabled.json<{ otpauthUrl: string; backupCodes: string[] }>();
  const secret = secretOf(body.otpauthUrl);
  const confirmed = await callAs(user, '/api/auth/2fa/confirm', 'POST', { token: await totpCode(secret) });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return { secret, backupCodes: body.backupCodes };
}

/**
 * Forgets the last accepted TOTP step, as if the 30-second window had passed: lets a test use
 * the current code again without waiting. Never used by the replay tests.
 */
export async function letTimePass(userId: string): Promise<void> {
  await env.DB.prepare('UPDATE users SET totpLastStep = NULL WHERE id = ?1').bind(userId).run();
}

export async function storedUser(userId: string) {
  return env.DB.prepare('SELECT twoFactorEnabled, totpSecret, backupCodes, totpLastStep FROM users WHERE id = ?1')
    .bind(userId)
    .first<{ twoFactorEnabled: number; totpSecret: string | null; backupCodes: string; totpLastStep: number | null }>();
}
