/**
 * The speech limits, with LibreChat's variable names and defaults: per client IP
 * (TTS_IP_MAX / TTS_IP_WINDOW, STT_IP_MAX / STT_IP_WINDOW: 100 per minute) and per user
 * (TTS_USER_MAX / …_WINDOW, STT_USER_MAX / …_WINDOW: 50 per minute), windows in minutes.
 * librechat.yaml's `rateLimits.tts` and `rateLimits.stt` win over the variables. Counted in
 * D1 like the other limits (strongly consistent across locations); a refusal counts toward a
 * ban as `tts_limit` or `stt_limit`.
 */
import { ERROR_CODES } from '../../contract/errors';
import type { EnvVars } from '../../env';
import type { AppConfig } from '../config/schema';
import { activeBansStatement, recordViolation } from '../rate-limit/bans';
import { counterStatement, readCount, windowEndOf } from '../rate-limit/counter';
import { MAX_WINDOW_MS, resolveBanSettings } from '../rate-limit/limits';

export type SpeechDirection = 'tts' | 'stt';

export const SPEECH_LIMIT_MESSAGES: Readonly<Record<SpeechDirection, string>> = {
  tts: 'Too many TTS requests. Try again later',
  stt: 'Too many STT requests. Try again later',
};

const VIOLATIONS = { tts: ERROR_CODES.ttsLimit, stt: ERROR_CODES.sttLimit } as const;

/** A positive number from the config, else from the variable, else the default. */
function positive(configured: number | undefined, variable: string | undefined, fallback: number): number {
  for (const value of [configured, variable]) {
    const parsed = value === undefined || value === '' ? Number.NaN : Number(value);
    if (Number.isFinite(parsed) && parsed > 0) return parsed;
  }
  return fallback;
}

interface Limit {
  subject: string;
  max: number;
  windowMs: number;
}

function limits(direction: SpeechDirection, env: EnvVars, config: AppConfig, ip: string, userId: string): Limit[] {
  const yaml = config.rateLimits?.[direction];
  const variables =
    direction === 'tts'
      ? [env.TTS_IP_MAX, env.TTS_IP_WINDOW, env.TTS_USER_MAX, env.TTS_USER_WINDOW]
      : [env.STT_IP_MAX, env.STT_IP_WINDOW, env.STT_USER_MAX, env.STT_USER_WINDOW];
  const [ipMax, ipWindow, userMax, userWindow] = variables;
  const make = (subject: string, max: number, minutes: number): Limit => ({
    subject,
    max: Math.max(1, Math.floor(max)),
    windowMs: Math.min(Math.round(minutes * 60_000), MAX_WINDOW_MS),
  });
  return [
    make(ip, positive(yaml?.ipMax, ipMax, 100), positive(yaml?.ipWindowInMinutes, ipWindow, 1)),
    make(`user:${userId}`, positive(yaml?.userMax, userMax, 50), positive(yaml?.userWindowInMinutes, userWindow, 1)),
  ];
}

export type SpeechLimitDecision =
  { outcome: 'allowed' } | { outcome: 'banned' } | { outcome: 'limited'; retryAfterSeconds: number };

/** Counts one request for the IP and the user (bans and both counters in one D1 batch). */
export async function checkSpeechLimit(
  direction: SpeechDirection,
  env: EnvVars & { DB: D1Database },
  config: AppConfig,
  ipSubject: string,
  userId: string,
  now = Date.now(),
): Promise<SpeechLimitDecision> {
  const checked = limits(direction, env, config, ipSubject, userId);
  const d1 = env.DB;
  const results = await d1.batch([
    activeBansStatement(
      d1,
      checked.map((l) => l.subject),
      now,
    ),
    ...checked.map((l) => counterStatement(d1, `${direction}:${l.subject}`, l.windowMs, now)),
  ]);
  if (results[0]?.results.length) return { outcome: 'banned' };
  const exceeded = checked.find((l, index) => readCount(results[1 + index]) > l.max);
  if (!exceeded) return { outcome: 'allowed' };
  await recordViolation(d1, exceeded.subject, resolveBanSettings(env), VIOLATIONS[direction], now);
  return {
    outcome: 'limited',
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndOf(now, exceeded.windowMs) - now) / 1000)),
  };
}
