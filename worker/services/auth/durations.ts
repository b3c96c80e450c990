/**
 * LibreChat writes durations in milliseconds, often as a product: `SESSION_EXPIRY=1000 * 60 * 15`,
 * `REFRESH_TOKEN_EXPIRY=(1000 * 60 * 60 * 24) * 7`. This reads those forms without `eval`:
 * numbers joined by `*`, parentheses ignored. Anything else falls back to the default.
 */
export function parseDurationMs(value: string | undefined, fallbackMs: number): number {
  if (!value) return fallbackMs;
  const factors = value.replace(/[()\s]/g, '').split('*');
  let product = 1;
  for (const factor of factors) {
    if (!/^\d+(\.\d+)?$/.test(factor)) return fallbackMs;
    product *= Number(factor);
  }
  return product > 0 && Number.isFinite(product) ? product : fallbackMs;
}

export const DEFAULT_SESSION_EXPIRY_MS = 15 * 60 * 1000;
export const DEFAULT_REFRESH_TOKEN_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
/** The 2FA step of a login must be completed within this time (a 5-minute token). */
export const TWO_FACTOR_TEMP_TOKEN_MS = 5 * 60 * 1000;
