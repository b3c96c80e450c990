import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import type { StoredFileResponse } from '../contract/files';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { loadAppConfig } from '../services/config/store';
import { effectiveFileConfig } from '../services/files/file-config';
import { receiveUpload } from '../services/files/receive-upload';
import { checkUploadLimit, UPLOAD_LIMIT_MESSAGE, type FileUploadLimitVars } from '../services/files/upload-limit';
import { BAN_MESSAGE } from '../services/rate-limit/bans';
import { ipSubject } from '../services/rate-limit/client-ip';

/**
 * The upload paths. They read their body as a stream with their own size limits, so app.ts
 * exempts their POSTs from the app-wide JSON body limit.
 */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set(['/api/files', '/api/files/images']);

export const UPLOAD_SUCCESS_MESSAGE = 'File uploaded and processed successfully';

let partSizeOverride: number | undefined;

/** Tests store files in smaller R2 parts, so a multipart upload needs few bytes. */
export function setUploadPartSizeForTests(bytes: number | undefined): void {
  partSizeOverride = bytes;
}

/** Counts one upload per file: the parts upload counts its start, not its parts (routes/files-parts.ts). */
export const uploadRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const env: AppEnv['Bindings'] & FileUploadLimitVars = c.env;
  const config = await loadAppConfig(c.env);
  const decision = await checkUploadLimit(env, config, ipSubject(c.req.header('cf-connecting-ip')), currentUser(c).id);
  if (decision.outcome === 'banned') throw new HttpError(403, BAN_MESSAGE, ERROR_CODES.banned);
  if (decision.outcome === 'limited') {
    c.header('Retry-After', String(decision.retryAfterSeconds));
    throw new HttpError(429, UPLOAD_LIMIT_MESSAGE, ERROR_CODES.fileUploadLimit);
  }
  await next();
};

async function upload(c: Context<AppEnv>, kind: 'file' | 'image') {
  const stored = await receiveUpload({
    userId: currentUser(c).id,
    kind,
    body: c.req.raw.body,
    contentType: c.req.header('content-type'),
    config: effectiveFileConfig(await loadAppConfig(c.env)),
    bucket: c.env.FILES,
    d1: c.env.DB,
    partSize: partSizeOverride,
  });
  const body: { message: string } & StoredFileResponse = { message: UPLOAD_SUCCESS_MESSAGE, ...stored };
  return c.json(body);
}

/**
 * `POST /api/files` (any supported file) and `POST /api/files/images` (PNG, JPEG, GIF, WebP,
 * with the client's `width` and `height`): multipart `endpoint`, `file`, `file_id` (the
 * client's id, answered as `temp_file_id`) and LibreChat's optional fields. Who (401), how
 * often (429), then the form, streamed to R2 (services/files/receive-upload.ts).
 */
export const filesUpload = new Hono<AppEnv>()
  .post('/', requireAuth, uploadRateLimit, (c) => upload(c, 'file'))
  .post('/images', requireAuth, uploadRateLimit, (c) => upload(c, 'image'));
