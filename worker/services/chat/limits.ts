/**
 * Per-user chat limits, with LibreChat's variables and defaults, counted in D1 (strongly
 * consistent; never KV):
 * - concurrent replies (LIMIT_CONCURRENT_MESSAGES, on by default; CONCURRENT_MESSAGE_MAX = 2):
 *   each run holds a lease (db/leases.ts), taken here and released by the ConversationDO when
 *   the run ends.
 * - messages per window, per user (LIMIT_MESSAGE_USER, off by default) and per IP
 *   (LIMIT_MESSAGE_IP, on by default): fixed-window counters (services/rate-limit/counter).
 * Its statements join the send's one D1 batch: one round trip on the way to the first token.
 */
import { leaseKey, releaseLeaseStatement, takeLeaseStatement } from '../../db/leases';
import { ChatRefusal } from '../../engine/refusal';
import type { EnvVars } from '../../env';
import { isTrue, enabledUnlessFalse } from '../env-flags';
import { counterStatement, readCount } from '../rate-limit/counter';

const MINUTE_MS = 60_000;

interface WindowLimit {
  enabled: boolean;
  max: number;
  windowMinutes: number;
}

export interface ChatLimits {
  concurrent: { enabled: boolean; max: number };
  messageUser: WindowLimit;
  messageIp: WindowLimit;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function resolveChatLimits(env: EnvVars): ChatLimits {
  return {
    concurrent: {
      enabled: enabledUnlessFalse(env.LIMIT_CONCURRENT_MESSAGES),
      max: Math.floor(positive(env.CONCURRENT_MESSAGE_MAX, 2)),
    },
    messageUser: {
      enabled: isTrue(env.LIMIT_MESSAGE_USER),
      max: Math.floor(positive(env.MESSAGE_USER_MAX, 40)),
      windowMinutes: positive(env.MESSAGE_USER_WINDOW, 1),
    },
    messageIp: {
      enabled: enabledUnlessFalse(env.LIMIT_MESSAGE_IP),
      max: Math.floor(positive(env.MESSAGE_IP_MAX, 40)),
      windowMinutes: positive(env.MESSAGE_IP_WINDOW, 1),
    },
  };
}

export interface LimitSubjects {
  userId: string;
  /** `ip:…` / `ip6:…/64` from services/rate-limit/client-ip. */
  ipSubject: string;
  runId: string;
}

/** The limits' statements for a D1 batch, and how to read their results. */
export interface LimitCheck {
  statements: D1PreparedStatement[];
  /**
   * Given the results of `statements` (in order): the lease key (null when the concurrency
   * limit is off), or the refusal (`message_limit`, `concurrent`), with no lease left held.
   */
  settle(results: readonly D1Result<unknown>[]): Promise<{ leaseKey: string | null } | { refusal: ChatRefusal }>;
}

/**
 * Counts the message and takes a concurrency lease: statements the send runs in its one D1
 * batch (see send-reads.ts).
 */
export function chatLimitCheck(d1: D1Database, limits: ChatLimits, who: LimitSubjects, now = Date.now()): LimitCheck {
  const statements: D1PreparedStatement[] = [];
  const windows: { limit: WindowLimit; limiter: 'user' | 'ip'; index: number }[] = [];
  for (const [limit, limiter, subject] of [
    [limits.messageUser, 'user', `message_user:${who.userId}`],
    [limits.messageIp, 'ip', `message_ip:${who.ipSubject}`],
  ] as const) {
    if (!limit.enabled) continue;
    statements.push(counterStatement(d1, subject, Math.round(limit.windowMinutes * MINUTE_MS), now));
    windows.push({ limit, limiter, index: statements.length - 1 });
  }
  const key = limits.concurrent.enabled ? leaseKey(who.userId, who.runId) : null;
  let leaseIndex = -1;
  if (key) {
    statements.push(takeLeaseStatement(d1, who.userId, key, limits.concurrent.max, now));
    leaseIndex = statements.length - 1;
  }

  return {
    statements,
    async settle(results) {
      const acquired = key !== null && (results[leaseIndex]?.results.length ?? 0) > 0;
      for (const { limit, limiter, index } of windows) {
        if (readCount(results[index]) <= limit.max) continue;
        if (acquired) await releaseLeaseStatement(d1, key).run();
        return {
          refusal: new ChatRefusal({
            type: 'message_limit',
            max: limit.max,
            windowInMinutes: limit.windowMinutes,
            limiter,
          }),
        };
      }
      if (key !== null && !acquired)
        return { refusal: new ChatRefusal({ type: 'concurrent', limit: limits.concurrent.max }) };
      return { leaseKey: key };
    },
  };
}
