import type { ErrorCode } from '../../contract/errors';
import type { EnvVars } from '../../env';
import { parseDurationMs } from '../auth/durations';
import { enabledUnlessFalse } from '../env-flags';

/**
 * The account-flow limits, with LibreChat's variable names and defaults. Each counts requests
 * per client IP in fixed windows; windows are in minutes, as in LibreChat.
 */
export type LimitKind = 'login' | 'register' | 'resetPassword' | 'verifyEmail' | 'cspReport';

export interface ResolvedLimit {
  kind: LimitKind;
  max: number;
  windowMs: number;
  /** The error code the client keys its message on. */
  code: ErrorCode;
  message: string;
  /** Whether refusals count toward a ban (not for what browsers send on their own). */
  bans: boolean;
}

interface LimitDefinition {
  maxVar: keyof EnvVars;
  windowVar: keyof EnvVars;
  defaultMax: number;
  defaultWindowMinutes: number;
  code: ErrorCode;
  message: (minutes: number) => string;
  bans?: false;
}

const DEFINITIONS: Record<LimitKind, LimitDefinition> = {
  login: {
    maxVar: 'LOGIN_MAX',
    windowVar: 'LOGIN_WINDOW',
    defaultMax: 7,
    defaultWindowMinutes: 5,
    code: 'com_auth_error_login_rl',
    message: (minutes) => `Too many login attempts, please try again after ${minutes} minutes.`,
  },
  register: {
    maxVar: 'REGISTER_MAX',
    windowVar: 'REGISTER_WINDOW',
    defaultMax: 5,
    defaultWindowMinutes: 60,
    code: 'registrations',
    message: (minutes) => `Too many accounts created, please try again after ${minutes} minutes.`,
  },
  resetPassword: {
    maxVar: 'RESET_PASSWORD_MAX',
    windowVar: 'RESET_PASSWORD_WINDOW',
    defaultMax: 2,
    defaultWindowMinutes: 2,
    code: 'reset_password_limit',
    message: (minutes) => `Too many password reset requests, please try again after ${minutes} minute(s).`,
  },
  verifyEmail: {
    maxVar: 'VERIFY_EMAIL_MAX',
    windowVar: 'VERIFY_EMAIL_WINDOW',
    defaultMax: 2,
    defaultWindowMinutes: 2,
    code: 'verify_email_limit',
    message: (minutes) => `Too many verification emails requested, please try again after ${minutes} minute(s).`,
  },
  // CSP violation reports: a page in a violation loop must not flood the logs. Browsers send
  // them on their own, so a refusal never counts toward banning the user's IP.
  cspReport: {
    maxVar: 'CSP_REPORT_MAX',
    windowVar: 'CSP_REPORT_WINDOW',
    defaultMax: 30,
    defaultWindowMinutes: 1,
    code: 'rate_limited',
    message: () => 'Too many reports.',
    bans: false,
  },
};

const MINUTE_MS = 60_000;
/**
 * Old counter rows are swept after this long, so no window may be longer: a longer one would
 * be reset early by the sweep. A week is far beyond any sensible auth limit.
 */
export const MAX_WINDOW_MS = 7 * 24 * 60 * MINUTE_MS;

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function resolveLimit(env: EnvVars, kind: LimitKind): ResolvedLimit {
  const definition = DEFINITIONS[kind];
  const max = Math.floor(positiveNumber(env[definition.maxVar], definition.defaultMax)) || definition.defaultMax;
  const minutes = positiveNumber(env[definition.windowVar], definition.defaultWindowMinutes);
  const windowMs = Math.min(Math.round(minutes * MINUTE_MS), MAX_WINDOW_MS);
  return {
    kind,
    max,
    windowMs,
    code: definition.code,
    message: definition.message(minutes),
    bans: definition.bans ?? true,
  };
}

/**
 * Bans after repeated violations, LibreChat-style. BAN_INTERVAL keeps LibreChat's meaning: the
 * number of refused (rate-limited) requests from one IP that earns a ban. They are counted in
 * windows as long as a ban (BAN_DURATION, in ms, LibreChat's `1000 * 60 * 60 * 2` form
 * accepted). On unless BAN_VIOLATIONS=false, as documented in .dev.vars.example.
 */
export interface BanSettings {
  enabled: boolean;
  threshold: number;
  durationMs: number;
}

export const DEFAULT_BAN_THRESHOLD = 20;
export const DEFAULT_BAN_DURATION_MS = 2 * 60 * MINUTE_MS;

export function resolveBanSettings(env: EnvVars): BanSettings {
  return {
    enabled: enabledUnlessFalse(env.BAN_VIOLATIONS),
    threshold: Math.floor(positiveNumber(env.BAN_INTERVAL, DEFAULT_BAN_THRESHOLD)) || DEFAULT_BAN_THRESHOLD,
    durationMs: Math.min(parseDurationMs(env.BAN_DURATION, DEFAULT_BAN_DURATION_MS), MAX_WINDOW_MS),
  };
}
