/**
 * Concurrency leases: each live run holds one row in `rate_limits` (`concurrent:<userId>:<runId>`,
 * `windowStart` = the lease's expiry). The send takes it (in its one D1 batch), the
 * ConversationDO renews it on every heartbeat and deletes it when the run ends; a run whose DO
 * vanished frees its slot when the lease expires.
 */

/**
 * How long a run's concurrency slot lasts without a heartbeat. The DO renews it every
 * RUN_HEARTBEAT_MS (10 s), so six missed heartbeats free the slot of a run whose DO is gone.
 */
export const RUN_LEASE_MS = 60_000;

/** The lease key of one run. */
export function leaseKey(userId: string, runId: string): string {
  return `concurrent:${userId}:${runId}`;
}

/** The bounds of one user's leases in key order. */
function leaseRange(userId: string): [string, string] {
  // ';' sorts right after ':', so (prefix, prefix-with-;) holds exactly this user's keys.
  return [`concurrent:${userId}:`, `concurrent:${userId};`];
}

/**
 * Takes the lease `key` unless the user already holds `max` live ones: one conditional INSERT
 * counts the live ones (expired leases are not counted) in the same statement, so two sends
 * racing cannot both take the last slot. It returns the key's row when the lease was taken,
 * none when it was not. Expired leases (a run whose object vanished) are deleted by the cron's
 * sweep ({@link expiredLeasesSweepStatement}), not on the send's way.
 */
export function takeLeaseStatement(
  d1: D1Database,
  userId: string,
  key: string,
  max: number,
  now: number,
): D1PreparedStatement {
  const [low, high] = leaseRange(userId);
  return d1
    .prepare(
      `INSERT INTO rate_limits (key, windowStart, count)
         SELECT ?1, ?2, 1 WHERE (SELECT count(*) FROM rate_limits WHERE key > ?3 AND key < ?4 AND windowStart > ?5) < ?6
         RETURNING key`,
    )
    .bind(key, now + RUN_LEASE_MS, low, high, now, max);
}

/** Deletes up to `limit` expired leases of any user. */
export function expiredLeasesSweepStatement(d1: D1Database, now: number, limit: number): D1PreparedStatement {
  // ';' sorts right after ':', so [concurrent:, concurrent;) holds every lease key.
  return d1
    .prepare(
      `DELETE FROM rate_limits WHERE rowid IN (SELECT rowid FROM rate_limits WHERE key > 'concurrent:' AND key < 'concurrent;' AND windowStart <= ?1 LIMIT ${limit})`,
    )
    .bind(now);
}

export function releaseLeaseStatement(d1: D1Database, key: string): D1PreparedStatement {
  return d1.prepare('DELETE FROM rate_limits WHERE key = ?1').bind(key);
}

/** Moves the lease's expiry forward (the DO's heartbeat). */
export function extendLeaseStatement(d1: D1Database, key: string, now = Date.now()): D1PreparedStatement {
  return d1.prepare('UPDATE rate_limits SET windowStart = ?2 WHERE key = ?1').bind(key, now + RUN_LEASE_MS);
}
