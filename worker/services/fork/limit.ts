/**
 * Per-user limit on forks: a fork copies up to MAX_FORK_MESSAGES rows in one request, so a
 * client looping on it could fill D1 quickly. LibreChat's defaults (FORK_USER_MAX 7 per
 * FORK_USER_WINDOW of 1 minute); counted with the shared fixed-window counters in D1, which are
 * strongly consistent across isolates (services/rate-limit/counter).
 */
import { hitCounter, windowEndOf } from '../rate-limit/counter';

export const FORK_USER_MAX = 7;
export const FORK_USER_WINDOW_MS = 60_000;
export const FORK_LIMIT_MESSAGE = 'Too many conversation fork requests. Try again later.';

export type ForkLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one fork request of `userId` and says whether it is within the limit. */
export async function checkForkLimit(d1: D1Database, userId: string, now = Date.now()): Promise<ForkLimitDecision> {
  const count = await hitCounter(d1, `fork_user:${userId}`, FORK_USER_WINDOW_MS, now);
  if (count <= FORK_USER_MAX) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, FORK_USER_WINDOW_MS) - now) / 1000)),
  };
}
