/**
 * LibreChat's limit on running a message's code block (`POST /api/agents/tools/:toolId/call`):
 * one request per second per user, counted with the shared fixed-window counters in D1. A
 * refusal counts toward a ban as a `tool_call_limit` violation, and a user already banned is
 * refused outright. Bans and counting share one D1 batch.
 */
import { ERROR_CODES } from '../../contract/errors';
import type { EnvVars } from '../../env';
import { activeBansStatement, recordViolation } from '../rate-limit/bans';
import { counterStatement, readCount, windowEndOf } from '../rate-limit/counter';
import { resolveBanSettings } from '../rate-limit/limits';

export const TOOL_CALL_MAX = 1;
export const TOOL_CALL_WINDOW_MS = 1000;

export type ToolCallLimitDecision =
  { outcome: 'allowed' } | { outcome: 'banned' } | { outcome: 'limited'; retryAfterSeconds: number };

export async function checkToolCallLimit(
  env: EnvVars & { DB: D1Database },
  userId: string,
  now = Date.now(),
): Promise<ToolCallLimitDecision> {
  const d1 = env.DB;
  const subject = `user:${userId}`;
  const [bans, counted] = await d1.batch([
    activeBansStatement(d1, [subject], now),
    counterStatement(d1, `tool_call:${subject}`, TOOL_CALL_WINDOW_MS, now),
  ]);
  if (bans?.results.length) return { outcome: 'banned' };
  if (readCount(counted) <= TOOL_CALL_MAX) return { outcome: 'allowed' };
  await recordViolation(d1, subject, resolveBanSettings(env), ERROR_CODES.toolCallLimit, now);
  return {
    outcome: 'limited',
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, TOOL_CALL_WINDOW_MS) - now) / 1000)),
  };
}
