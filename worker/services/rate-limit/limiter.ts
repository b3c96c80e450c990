import type { ErrorCode } from '../../contract/errors';
import type { EnvVars } from '../../env';
import { activeBansStatement, recordViolation } from './bans';
import { counterStatement, readCount, windowEndOf } from './counter';
import { resolveBanSettings, resolveLimit, type LimitKind } from './limits';

export type LimitDecision =
  | { outcome: 'allowed'; count: number }
  | { outcome: 'banned' }
  | { outcome: 'limited'; retryAfterSeconds: number; message: string; code: ErrorCode };

/**
 * One request of `kind` from `subject` (e.g. `ip:203.0.113.7`): is the subject banned, and is
 * it over the limit? Ban lookup and counting share one D1 batch — one round trip. Refusals
 * count as violations toward a ban.
 */
export async function checkLimit(
  env: EnvVars & { DB: D1Database },
  kind: LimitKind,
  subject: string,
  now = Date.now(),
): Promise<LimitDecision> {
  const limit = resolveLimit(env, kind);
  const d1 = env.DB;
  const statements = [
    activeBansStatement(d1, [subject], now),
    counterStatement(d1, `${kind}:${subject}`, limit.windowMs, now),
  ];
  const [bans, counted] = await d1.batch(statements);

  if (bans?.results.length) return { outcome: 'banned' };
  const count = readCount(counted);
  if (count <= limit.max) return { outcome: 'allowed', count };

  if (limit.bans) await recordViolation(d1, subject, resolveBanSettings(env), kind, now);
  return {
    outcome: 'limited',
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, limit.windowMs) - now) / 1000)),
    message: limit.message,
    code: limit.code,
  };
}
