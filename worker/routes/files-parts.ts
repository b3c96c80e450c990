import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { loadAppConfig } from '../services/config/store';
import { effectiveFileConfig } from '../services/files/file-config';
import {
  UPLOAD_GONE,
  abortPartsUpload,
  completePartsUpload,
  receivePart,
  startPartsUpload,
} from '../services/files/parts-upload';
import { refuse } from '../services/files/upload-checks';
import { verifyUploadSession, type UploadSession } from '../services/files/upload-session-token';
import { UPLOAD_SUCCESS_MESSAGE, uploadRateLimit } from './files-upload';

/** A part's path: its body streams, so app.ts exempts it from the app-wide JSON body limit. */
const PART_PATH = /^\/api\/files\/uploads\/[A-Za-z0-9_.-]+\/parts\/\d+$/;

export const isPartUpload = (method: string, path: string): boolean => method === 'PUT' && PART_PATH.test(path);

let partSizeOverride: number | undefined;

/** Tests use R2's smallest part (5 MiB) so a file of two parts stays small. */
export function setPartsUploadPartSizeForTests(bytes: number | undefined): void {
  partSizeOverride = bytes;
}

/** The session the path's token names, if it is the caller's; 404 otherwise (forged, expired, another user's). */
async function sessionOf(c: Context<AppEnv>): Promise<UploadSession> {
  const session = await verifyUploadSession(c.env, c.req.param('token') ?? '');
  if (!session || session.userId !== currentUser(c).id) throw new HttpError(404, UPLOAD_GONE);
  return session;
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json<unknown>();
  } catch {
    throw refuse('Expected a JSON body.');
  }
}

const fileConfig = async (c: Context<AppEnv>) => effectiveFileConfig(await loadAppConfig(c.env));

/**
 * Uploads in parts, for files larger than one request body may be: start (checked and
 * counted against the upload limits once), parts (each exactly its size, any order, sent
 * again to resume), complete (the same answer as `POST /api/files`), or abort. The
 * session lives in its signed token (services/files/upload-session-token.ts); R2's
 * lifecycle rule removes uploads that are never completed nor aborted (README).
 */
export const filesParts = new Hono<AppEnv>()
  .post('/uploads', requireAuth, uploadRateLimit, async (c) => {
    const started = await startPartsUpload(
      c.env,
      c.env.FILES,
      await fileConfig(c),
      currentUser(c).id,
      await jsonBody(c),
      partSizeOverride,
    );
    return c.json(started);
  })
  .put('/uploads/:token/parts/:n', requireAuth, async (c) => {
    const session = await sessionOf(c);
    const part = await receivePart(c.env.FILES, session, Number(c.req.param('n')), c.req.raw.body);
    return c.json({ partNumber: part.partNumber, etag: part.etag });
  })
  .post('/uploads/:token/complete', requireAuth, async (c) => {
    const session = await sessionOf(c);
    const stored = await completePartsUpload(c.env.FILES, c.env.DB, await fileConfig(c), session, await jsonBody(c));
    return c.json({ message: UPLOAD_SUCCESS_MESSAGE, ...stored });
  })
  .delete('/uploads/:token', requireAuth, async (c) => {
    await abortPartsUpload(c.env.FILES, await sessionOf(c));
    return c.body(null, 204);
  });
