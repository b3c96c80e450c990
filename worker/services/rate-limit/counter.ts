import { expiredLeasesSweepStatement } from '../../db/leases';
import { MAX_WINDOW_MS } from './limits';

/**
 * Fixed-window counters in D1 (`rate_limits`), strongly consistent unlike KV. A window is
 * identified by its start, `floor(now / windowMs) * windowMs`, so every isolate agrees on it
 * without coordination, and a test can move time by passing `now`.
 *
 * Each key has one row, its current window. Counting is one UPSERT with RETURNING that starts
 * the count again at 1 when the window has moved on: one statement, one row written. Rows nobody
 * will touch again (keys of clients that never came back, expired bans) are swept by the cron
 * trigger ({@link sweepStaleLimits}), off every request's path.
 */
export function windowStartOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** The end of the window `now` falls in: when a refused client may try again. */
export function windowEndOf(now: number, windowMs: number): number {
  return windowStartOf(now, windowMs) + windowMs;
}

/** Rows deleted per statement of a sweep: small transactions, so requests meanwhile wait little. */
const SWEEP_BATCH = 200;
/** Batches per sweep: a backlog larger than this is finished by the next cron run. */
const SWEEP_MAX_ROUNDS = 25;

/**
 * Counts one hit on `key` in the window `now` falls in; read the count with {@link readCount}.
 * A hit stamped with an older window than the row's (another isolate's clock a little behind)
 * counts in the row's window rather than rewinding it.
 */
export function counterStatement(d1: D1Database, key: string, windowMs: number, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO rate_limits (key, windowStart, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN excluded.windowStart > windowStart THEN 1 ELSE count + 1 END,
         windowStart = max(windowStart, excluded.windowStart)
       RETURNING count`,
    )
    .bind(key, windowStartOf(now, windowMs));
}

/** Statements removing counter rows, expired concurrency leases and bans that can no longer matter. */
function sweepStatements(d1: D1Database, now: number): D1PreparedStatement[] {
  return [
    expiredLeasesSweepStatement(d1, now, SWEEP_BATCH),
    d1
      .prepare(
        `DELETE FROM rate_limits WHERE rowid IN (SELECT rowid FROM rate_limits WHERE windowStart < ? LIMIT ${SWEEP_BATCH})`,
      )
      .bind(now - MAX_WINDOW_MS),
    d1
      .prepare(`DELETE FROM bans WHERE key IN (SELECT key FROM bans WHERE expiresAt <= ? LIMIT ${SWEEP_BATCH})`)
      .bind(now),
  ];
}

/** Deletes stale counter rows, expired leases and expired bans, a bounded batch at a time; the rows deleted. */
export async function sweepStaleLimits(
  d1: D1Database,
  now: number,
): Promise<{ leases: number; counters: number; bans: number }> {
  const swept = { leases: 0, counters: 0, bans: 0 };
  for (let round = 0; round < SWEEP_MAX_ROUNDS; round += 1) {
    const [leases, counters, bans] = await d1.batch(sweepStatements(d1, now));
    const deleted = [leases, counters, bans].map((result) => result?.meta.changes ?? 0);
    swept.leases += deleted[0] ?? 0;
    swept.counters += deleted[1] ?? 0;
    swept.bans += deleted[2] ?? 0;
    if (deleted.every((count) => count < SWEEP_BATCH)) break;
  }
  return swept;
}

export function readCount(result: D1Result<unknown> | undefined): number {
  const row = result?.results[0];
  const count = row && typeof row === 'object' && 'count' in row ? row.count : undefined;
  // The upsert always returns a row; a missing one would be a D1 bug, so fail closed.
  return typeof count === 'number' ? count : Number.MAX_SAFE_INTEGER;
}

/** Counts one hit on `key` and returns the count in the current window. */
export async function hitCounter(d1: D1Database, key: string, windowMs: number, now = Date.now()): Promise<number> {
  return readCount(await counterStatement(d1, key, windowMs, now).run());
}
