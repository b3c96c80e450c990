import { ERROR_CODES } from '../../contract/errors';
import type { EnvVars } from '../../env';
import type { AppConfig } from '../config/schema';
import { activeBansStatement, recordViolation } from '../rate-limit/bans';
import { counterStatement, readCount, windowEndOf } from '../rate-limit/counter';
import { MAX_WINDOW_MS, resolveBanSettings } from '../rate-limit/limits';

/**
 * The file-upload limits, with LibreChat's variable names and defaults: per client IP
 * (FILE_UPLOAD_IP_MAX / FILE_UPLOAD_IP_WINDOW, 100 per 15 minutes) and per user
 * (FILE_UPLOAD_USER_MAX / FILE_UPLOAD_USER_WINDOW, 50 per 15 minutes), windows in minutes.
 * librechat.yaml's `rateLimits.fileUploads` wins over the variables, as in LibreChat.
 */
export interface FileUploadLimitVars {
  FILE_UPLOAD_IP_MAX?: string;
  FILE_UPLOAD_IP_WINDOW?: string;
  FILE_UPLOAD_USER_MAX?: string;
  FILE_UPLOAD_USER_WINDOW?: string;
}

export const UPLOAD_LIMIT_MESSAGE = 'Too many file upload requests. Try again later';

interface Limit {
  subject: string;
  max: number;
  windowMs: number;
}

/** A positive number from the config, else from the variable, else the default. */
function positive(configured: number | undefined, variable: string | undefined, fallback: number): number {
  for (const value of [configured, variable]) {
    const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
    if (Number.isFinite(parsed) && parsed > 0) return parsed;
  }
  return fallback;
}

function limit(subject: string, max: number, minutes: number): Limit {
  return {
    subject,
    max: Math.max(1, Math.floor(max)),
    windowMs: Math.min(Math.round(minutes * 60_000), MAX_WINDOW_MS),
  };
}

export type UploadLimitDecision =
  { outcome: 'allowed' } | { outcome: 'banned' } | { outcome: 'limited'; retryAfterSeconds: number };

/**
 * Counts one upload attempt for the IP and the user (bans and both counters in one D1 batch)
 * and answers whether it may go on. Every attempt counts, refused ones too: receiving the
 * bytes is the cost being limited. A refusal counts toward a ban, as `file_upload_limit`.
 */
export async function checkUploadLimit(
  env: EnvVars & FileUploadLimitVars & { DB: D1Database },
  config: AppConfig,
  ipSubject: string,
  userId: string,
  now = Date.now(),
): Promise<UploadLimitDecision> {
  const yaml = config.rateLimits?.fileUploads;
  const limits = [
    limit(
      ipSubject,
      positive(yaml?.ipMax, env.FILE_UPLOAD_IP_MAX, 100),
      positive(yaml?.ipWindowInMinutes, env.FILE_UPLOAD_IP_WINDOW, 15),
    ),
    limit(
      `user:${userId}`,
      positive(yaml?.userMax, env.FILE_UPLOAD_USER_MAX, 50),
      positive(yaml?.userWindowInMinutes, env.FILE_UPLOAD_USER_WINDOW, 15),
    ),
  ];
  const d1 = env.DB;
  const results = await d1.batch([
    activeBansStatement(
      d1,
      limits.map((l) => l.subject),
      now,
    ),
    ...limits.map((l) => counterStatement(d1, `file_upload:${l.subject}`, l.windowMs, now)),
  ]);
  if (results[0]?.results.length) return { outcome: 'banned' };

  // The counters' results follow the bans' one, in the order of `limits`.
  const exceeded = limits.find((l, index) => readCount(results[1 + index]) > l.max);
  if (!exceeded) return { outcome: 'allowed' };
  await recordViolation(d1, exceeded.subject, resolveBanSettings(env), ERROR_CODES.fileUploadLimit, now);
  return {
    outcome: 'limited',
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, exceeded.windowMs) - now) / 1000)),
  };
}
