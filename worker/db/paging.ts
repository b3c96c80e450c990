/** A statement's SQL and parameters, kept apart so tests and benchmarks can EXPLAIN it. */
export interface SqlQuery {
  sql: string;
  params: (string | number)[];
}

/**
 * Opaque pagination cursors: base64url of a small JSON array. Opaque so clients cannot build
 * or tamper with them meaningfully; decoding validates the shape and answers `null` for
 * anything else, which callers turn into a 400.
 */

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

/** Longest cursor accepted, so a hostile query string cannot make us parse megabytes. */
const MAX_CURSOR_LENGTH = 1024;

export function encodeCursor(values: readonly (string | number)[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The decoded JSON array, or `null` if `cursor` is not one of ours. */
export function decodeCursor(cursor: string): unknown[] | null {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return null;
  }
  try {
    const binary = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Clamps a requested page size into [1, max]; non-numbers get `fallback`. */
export function clampLimit(limit: number, max: number, fallback: number): number {
  if (!Number.isFinite(limit)) return fallback;
  return Math.min(max, Math.max(1, Math.trunc(limit)));
}
