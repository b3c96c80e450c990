import { hitCounter, windowEndOf } from '../rate-limit/counter';

/**
 * Duplicates per user per window. A person duplicates a chat now and then; a script doing it
 * in a loop multiplies storage. The same order as LibreChat's fork limit (7 per user a
 * minute), per user because the work is per account whatever the IP.
 */
export const DUPLICATE_USER_MAX = 10;
export const DUPLICATE_WINDOW_MS = 60_000;
export const DUPLICATE_LIMIT_MESSAGE = 'Too many duplicate requests. Try again later.';

export type DuplicateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one duplicate request of the user (in D1: strongly consistent, unlike KV). */
export async function checkDuplicateLimit(
  d1: D1Database,
  userId: string,
  now = Date.now(),
): Promise<DuplicateLimitDecision> {
  const count = await hitCounter(d1, `duplicate:user:${userId}`, DUPLICATE_WINDOW_MS, now);
  if (count <= DUPLICATE_USER_MAX) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, DUPLICATE_WINDOW_MS) - now) / 1000)),
  };
}
