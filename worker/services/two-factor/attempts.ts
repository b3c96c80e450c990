import { HttpError } from '../../http-error';
import { hitCounter, windowStartOf } from '../rate-limit/counter';

/**
 * Caps 2FA code attempts per user: without it a 6-digit code (three valid at any moment with
 * the ±1 step drift) falls to a few hundred thousand guesses. At most {@link MAX_ATTEMPTS}
 * failed attempts per fixed {@link WINDOW_MS} window, counted in D1's `rate_limits` table
 * (strongly consistent, unlike KV).
 *
 * An attempt is counted *before* the code is checked (one atomic upsert returning the new
 * count) and refunded when it succeeds: parallel guesses cannot slip past the cap between a
 * read and a write. Counting uses the shared fixed-window counter (`services/rate-limit`);
 * the key prefix `2fa:` keeps these counters apart from the per-IP auth limits.
 */
export const MAX_ATTEMPTS = 10;
export const WINDOW_MS = 15 * 60 * 1000;

const keyFor = (userId: string) => `2fa:user:${userId}`;

export interface AttemptTicket {
  refund(): Promise<void>;
}

/** Counts one attempt; 429 once the user has used up the window. */
export async function claimAttempt(env: { DB: D1Database }, userId: string, now = Date.now()): Promise<AttemptTicket> {
  const key = keyFor(userId);
  const start = windowStartOf(now, WINDOW_MS);
  if ((await hitCounter(env.DB, key, WINDOW_MS, now)) > MAX_ATTEMPTS) {
    throw new HttpError(429, 'Too many two-factor attempts. Try again in 15 minutes.', 'too_many_attempts');
  }
  return {
    refund: async () => {
      await env.DB.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND windowStart = ?2 AND count > 0')
        .bind(key, start)
        .run();
    },
  };
}
