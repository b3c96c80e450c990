/**
 * Reading untrusted JSON values without casts: each helper answers the value in the wanted
 * type or a fallback, so a parser never trips over `null`, numbers where strings belong, or
 * arrays where objects belong.
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}

/** A trimmed, non-empty string of at most `maxChars`, or null. */
export function shortString(value: unknown, maxChars: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, maxChars);
}

/** Dates outside this range are typos or unit mix-ups (seconds read as ms), not history. */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const LATEST_SLACK_MS = 24 * 60 * 60 * 1000;

function plausible(ms: number): number | null {
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms <= Date.now() + LATEST_SLACK_MS ? Math.floor(ms) : null;
}

/** An ISO date string (LibreChat's exports) as epoch ms, or null. */
export function isoDate(value: unknown): number | null {
  return typeof value === 'string' ? plausible(Date.parse(value)) : null;
}

/** Seconds since the epoch, possibly fractional (ChatGPT's `create_time`), as epoch ms, or null. */
export function epochSeconds(value: unknown): number | null {
  return typeof value === 'number' ? plausible(value * 1000) : null;
}
