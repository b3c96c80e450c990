import { UPLOAD_SESSION_LIFETIME_MS } from '@contract/files';

/*
 * Uploads in parts saved in this browser, so that a reload (or a closed tab) does not cost the
 * parts already sent: picking the same file again sends only the missing ones. One entry per
 * file, named after the user and the file's name, size and last change; it holds the server's
 * signed session and the etags of the finished parts, nothing of the file itself. Storage may be
 * full or blocked; then the upload simply cannot resume.
 */
const PREFIX = 'partsUpload_';

export interface FinishedPart {
  partNumber: number;
  etag: string;
}

export interface SavedUpload {
  /** The server's signed name for the upload. */
  uploadId: string;
  partSize: number;
  parts: number;
  /** What the server checked when the upload started; another endpoint or size starts over. */
  endpoint: string;
  type: string;
  width?: number;
  height?: number;
  /** Milliseconds since the epoch; the session works for a day from then. */
  startedAt: number;
  done: FinishedPart[];
}

/** The entry's name: the same file picked again by the same user finds it. */
export const savedUploadKey = (userId: string, file: File): string =>
  `${PREFIX}${JSON.stringify([userId, file.name, file.size, file.lastModified])}`;

const isExpired = (saved: SavedUpload, now: number) => now - saved.startedAt >= UPLOAD_SESSION_LIFETIME_MS;

const isPart = (part: unknown): part is FinishedPart =>
  typeof part === 'object' &&
  part !== null &&
  Number.isSafeInteger((part as FinishedPart).partNumber) &&
  typeof (part as FinishedPart).etag === 'string';

function parse(raw: string | null): SavedUpload | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<SavedUpload> | null;
    const valid =
      typeof value?.uploadId === 'string' &&
      typeof value.endpoint === 'string' &&
      typeof value.type === 'string' &&
      [value.partSize, value.parts, value.startedAt].every((n) => Number.isSafeInteger(n) && (n as number) > 0) &&
      Array.isArray(value.done) &&
      value.done.every(isPart);
    return valid ? (value as SavedUpload) : null;
  } catch {
    return null;
  }
}

export function forgetUpload(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing was kept, or nothing can be removed: either way it will not be resumed here.
  }
}

/** The saved upload of this entry if it can still be resumed; a stale or broken one is removed. */
export function readSavedUpload(key: string, now = Date.now()): SavedUpload | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return null;
  }
  const saved = parse(raw);
  if (raw !== null && (!saved || isExpired(saved, now))) forgetUpload(key);
  return saved && !isExpired(saved, now) ? saved : null;
}

export function saveUpload(key: string, saved: SavedUpload): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(saved));
  } catch {
    // The upload goes on; only resuming it after a reload is lost.
  }
}

/** Removes the saved uploads too old to resume: files picked once and never again. */
export function forgetStaleUploads(now = Date.now()): void {
  let keys: string[];
  try {
    keys = Object.keys(window.localStorage).filter((key) => key.startsWith(PREFIX));
  } catch {
    return;
  }
  for (const key of keys) readSavedUpload(key, now);
}
