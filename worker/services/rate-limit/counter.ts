import { MAX_WINDOW_MS } from './limits';

/**
 * Fixed-window counters in D1 (`rate_limits`), strongly consistent unlike KV. A window is
 * identified by its start, `floor(now / windowMs) * windowMs`, so every isolate agrees on it
 * without coordination, and a test can move time by passing `now`.
 *
 * Counting is one UPSERT with RETURNING; it is batched with the deletion of the key's older
 * windows (each key keeps one row) and, now and then, a bounded sweep of rows nobody will
 * touch again (keys of clients that never came back). One round trip in all.
 */
export function windowStartOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** The end of the window `now` falls in: when a refused client may try again. */
export function windowEndOf(now: number, windowMs: number): number {
  return windowStartOf(now, windowMs) + windowMs;
}

/** One in this many counter hits also sweeps stale rows. */
const SWEEP_ONE_IN = 50;
/** Rows swept per sweep: bounded, so no request pays for a backlog. */
const SWEEP_BATCH = 200;

/** `[delete older windows of key, upsert returning count]`; read `count` from the second. */
export function counterStatements(d1: D1Database, key: string, windowMs: number, now: number): D1PreparedStatement[] {
  const windowStart = windowStartOf(now, windowMs);
  return [
    d1.prepare('DELETE FROM rate_limits WHERE key = ? AND windowStart < ?').bind(key, windowStart),
    d1
      .prepare(
        `INSERT INTO rate_limits (key, windowStart, count) VALUES (?, ?, 1)
         ON CONFLICT (key, windowStart) DO UPDATE SET count = count + 1
         RETURNING count`,
      )
      .bind(key, windowStart),
  ];
}

/** Statements removing counter rows and bans that can no longer matter. */
export function sweepStatements(d1: D1Database, now: number): D1PreparedStatement[] {
  return [
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

export function shouldSweep(random: () => number = Math.random): boolean {
  return random() * SWEEP_ONE_IN < 1;
}

export function readCount(result: D1Result<unknown> | undefined): number {
  const row = result?.results[0];
  const count = row && typeof row === 'object' && 'count' in row ? row.count : undefined;
  // The upsert always returns a row; a missing one would be a D1 bug, so fail closed.
  return typeof count === 'number' ? count : Number.MAX_SAFE_INTEGER;
}

/** Counts one hit on `key` and returns the count in the current window. */
export async function hitCounter(d1: D1Database, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const results = await d1.batch(counterStatements(d1, key, windowMs, now));
  return readCount(results[1]);
}
