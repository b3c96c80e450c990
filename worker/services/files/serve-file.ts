import { ERROR_CODES } from '../../contract/errors';
import type { UserFileRow } from '../../db/user-files';
import { HttpError } from '../../http-error';
import { log } from '../../logging/logger';
import { contentDisposition, metadataHeader } from './file-headers';
import { isExpired, toStoredFileResponse } from './stored-file-response';

/** The client shows this text for any failed download, so the API answers it too. */
const DOWNLOAD_ERROR_MESSAGE = 'Error downloading file';

/** Raster images are the only files a link shows inline; anything else could run script or mislead. */
const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Stored bytes may be anything, whatever their recorded type: they must never run in the
 * app's origin. nosniff stops a browser from guessing a renderable type; the sandbox CSP
 * (no script, no same origin) holds even for a document opened directly. The security
 * headers middleware sets the same policy for every attachment and image; setting it here
 * keeps these responses safe if it is ever mounted differently.
 */
const STORED_BYTES_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  // Per-user data: no shared cache may keep it, and a deleted file must not linger.
  'Cache-Control': 'private, no-store',
} as const;

export const fileNotFound = () => new HttpError(404, 'File not found', ERROR_CODES.notFound);

/**
 * Streams a file's bytes from R2 (never read into memory). `download` is the file manager's
 * and the chat's download: an attachment with the metadata header. `link` is a message's file
 * link: raster images inline with their type (so `<img>` shows them), everything else saved
 * as an opaque attachment. Expired generated files answer 410; a row whose object is missing
 * answers the download error (logged: it means a lost object).
 */
export async function serveStoredFile(
  bucket: R2Bucket,
  row: UserFileRow,
  mode: 'download' | 'link',
): Promise<Response> {
  if (isExpired(row)) throw new HttpError(410, 'File has expired', ERROR_CODES.fileExpired);
  // Other sources (a provider's file store, the vector store) keep their bytes elsewhere.
  if (row.source !== 'local') throw new HttpError(404, DOWNLOAD_ERROR_MESSAGE, ERROR_CODES.notFound);
  const object = await bucket.get(row.storageKey);
  if (!object) {
    log.error('file_object_missing', { fileId: row.file_id });
    throw new HttpError(404, DOWNLOAD_ERROR_MESSAGE, ERROR_CODES.notFound);
  }
  const inline = mode === 'link' && INLINE_IMAGE_TYPES.has(row.type.toLowerCase());
  const headers = new Headers({
    ...STORED_BYTES_HEADERS,
    'Content-Type': inline ? row.type.toLowerCase() : 'application/octet-stream',
    'Content-Length': String(object.size),
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', row.filename),
  });
  if (mode === 'download') headers.set('x-file-metadata', metadataHeader(toStoredFileResponse(row)));
  return new Response(object.body, { status: 200, headers });
}
