import { ERROR_CODES } from '../../contract/errors';
import type { EnvVars } from '../../env';
import { activeBansStatement, recordViolation } from '../rate-limit/bans';
import { counterStatement, readCount, windowEndOf } from '../rate-limit/counter';
import { MAX_WINDOW_MS, resolveBanSettings } from '../rate-limit/limits';

/**
 * The conversation-import limits, with LibreChat's variable names and defaults: per client IP
 * (IMPORT_IP_MAX / IMPORT_IP_WINDOW, 100 per 15 minutes) and per user (IMPORT_USER_MAX /
 * IMPORT_USER_WINDOW, 50 per 15 minutes), windows in minutes. A refusal carries LibreChat's
 * violation type for imports, `file_upload_limit`, and counts toward a ban like the others.
 */
export interface ImportLimitVars {
  IMPORT_IP_MAX?: string;
  IMPORT_IP_WINDOW?: string;
  IMPORT_USER_MAX?: string;
  IMPORT_USER_WINDOW?: string;
}

interface Limit {
  subject: string;
  max: number;
  windowMs: number;
  minutes: number;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function limit(subject: string, maxVar: string | undefined, windowVar: string | undefined, defaultMax: number): Limit {
  const minutes = positive(windowVar, 15);
  return {
    subject,
    max: Math.max(1, Math.floor(positive(maxVar, defaultMax))),
    windowMs: Math.min(Math.round(minutes * 60_000), MAX_WINDOW_MS),
    minutes,
  };
}

export type ImportLimitDecision =
  { outcome: 'allowed' } | { outcome: 'banned' } | { outcome: 'limited'; retryAfterSeconds: number; message: string };

/**
 * Counts one import attempt for the IP and the user — bans and both counters in one D1 batch —
 * and answers whether it may go on. Every attempt counts, also those refused later for their
 * file: parsing a large file is the cost being limited.
 */
export async function checkImportLimit(
  env: EnvVars & ImportLimitVars & { DB: D1Database },
  ipSubject: string,
  userId: string,
  now = Date.now(),
): Promise<ImportLimitDecision> {
  const limits = [
    limit(ipSubject, env.IMPORT_IP_MAX, env.IMPORT_IP_WINDOW, 100),
    limit(`user:${userId}`, env.IMPORT_USER_MAX, env.IMPORT_USER_WINDOW, 50),
  ];
  const d1 = env.DB;
  const statements = [
    activeBansStatement(
      d1,
      limits.map((l) => l.subject),
      now,
    ),
    ...limits.map((l) => counterStatement(d1, `import:${l.subject}`, l.windowMs, now)),
  ];
  const results = await d1.batch(statements);
  if (results[0]?.results.length) return { outcome: 'banned' };

  // The counters' results follow the bans' one, in the order of `limits`.
  const exceeded = limits.find((l, index) => readCount(results[1 + index]) > l.max);
  if (!exceeded) return { outcome: 'allowed' };
  await recordViolation(d1, exceeded.subject, resolveBanSettings(env), ERROR_CODES.importLimit, now);
  return {
    outcome: 'limited',
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, exceeded.windowMs) - now) / 1000)),
    message: `Too many conversation imports, please try again after ${exceeded.minutes} minutes.`,
  };
}
