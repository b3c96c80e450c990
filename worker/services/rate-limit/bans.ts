import type { BanSettings } from './limits';
import { hitCounter } from './counter';

export const BAN_MESSAGE = 'Your account has been temporarily banned due to violations of our service.';

/** `SELECT` of the bans in force among `keys`; batched with the counter by the limiter. */
export function activeBansStatement(d1: D1Database, keys: readonly string[], now: number): D1PreparedStatement {
  const placeholders = keys.map(() => '?').join(', ');
  return d1
    .prepare(`SELECT key, expiresAt FROM bans WHERE key IN (${placeholders}) AND expiresAt > ?`)
    .bind(...keys, now);
}

export async function isBanned(d1: D1Database, keys: readonly string[], now = Date.now()): Promise<boolean> {
  const row = await activeBansStatement(d1, keys, now).first();
  return row !== null;
}

/** Bans `key` until `expiresAt` (extending, never shortening, a ban already in force). */
export async function banKey(d1: D1Database, key: string, expiresAt: number, reason: string): Promise<void> {
  await d1
    .prepare(
      `INSERT INTO bans (key, expiresAt, reason) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET expiresAt = max(expiresAt, excluded.expiresAt), reason = excluded.reason`,
    )
    .bind(key, expiresAt, reason)
    .run();
}

/**
 * Counts one violation (a request refused by a limit) against `subjectKey` and bans it when
 * the count reaches the threshold. Returns whether this violation caused a ban. Only refused
 * requests pay for this extra round trip.
 */
export async function recordViolation(
  d1: D1Database,
  subjectKey: string,
  settings: BanSettings,
  reason: string,
  now = Date.now(),
): Promise<boolean> {
  if (!settings.enabled) return false;
  const violations = await hitCounter(d1, `violation:${subjectKey}`, settings.durationMs, now);
  if (violations < settings.threshold) return false;
  await banKey(d1, subjectKey, now + settings.durationMs, reason);
  return true;
}
