import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import {
  avatarContentType,
  avatarKey,
  avatarSizeLimitBytes,
  describeBytes,
  hasAllowedExtension,
  parseAvatarLocation,
  sniffImage,
  type AvatarKind,
} from '../services/avatar/avatar';
import { replaceAvatar } from '../services/avatar/replace';
import { loadAppConfig } from '../services/config/store';

/** Room for the multipart boundaries, part headers and the small `manual` field. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const tooLarge = (limit: number) =>
  new HttpError(
    413,
    `The file is too large. The avatar size limit is ${describeBytes(limit)}.`,
    ERROR_CODES.payloadTooLarge,
  );

/**
 * Refuses an oversized upload before its body is read: by Content-Length when present,
 * otherwise while streaming (hono's bodyLimit counts and stops). The app-wide 1 MB JSON limit
 * skips this path (see app.ts) because the avatar limit is configurable and 2 MB by default.
 */
export const avatarBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limit = avatarSizeLimitBytes(await loadAppConfig(c.env));
  return bodyLimit({
    maxSize: limit + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge(limit);
    },
  })(c, next);
};

async function readUploadedFile(c: Context<AppEnv>): Promise<File> {
  let form: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new HttpError(400, 'Expected a multipart form with a file field');
  }
  const file = form['file'];
  if (!(file instanceof File)) throw new HttpError(400, 'No file was uploaded (field "file")');
  return file;
}

/** The uploaded picture (multipart `file`), within the avatar limit and really a PNG or JPEG. */
export async function readAvatarImage(c: Context<AppEnv>): Promise<{ bytes: Uint8Array; kind: AvatarKind }> {
  const limit = avatarSizeLimitBytes(await loadAppConfig(c.env));
  const file = await readUploadedFile(c);
  if (file.size > limit) throw tooLarge(limit);
  if (file.size === 0) throw new HttpError(400, 'The file is empty');
  // Both must hold: an accepted name (.png/.jpg/.jpeg) and real PNG/JPEG bytes.
  // The declared MIME type is ignored; the stored type comes from the bytes.
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes.subarray(0, 8));
  if (!hasAllowedExtension(file.name) || !kind) {
    throw new HttpError(400, 'Invalid file type: the avatar must be a PNG or JPEG image (.png, .jpg, .jpeg)');
  }
  return { bytes, kind };
}

/**
 * `/api/files/images/avatar`. Upload (multipart `file`, plus LibreChat's `manual` flag, which
 * is accepted and ignored) and the public read of the stored pictures: an `<img>` cannot send
 * a bearer token, and avatar URLs hold an unguessable id.
 */
export const avatar = new Hono<AppEnv>()
  .post('/', requireAuth, avatarBodyLimit, async (c) => {
    const { bytes, kind } = await readAvatarImage(c);
    return c.json({ url: await replaceAvatar(c.env, currentUser(c), bytes, kind) });
  })
  .get('/:userId/:file', async (c) => {
    const location = parseAvatarLocation(c.req.param('userId'), c.req.param('file'));
    if (!location) throw new HttpError(404, 'Not found', 'not_found');
    const object = await c.env.FILES.get(avatarKey(location), { onlyIf: c.req.raw.headers });
    if (!object) throw new HttpError(404, 'Not found', 'not_found');
    const headers = new Headers({
      // Keys are never reused (a new upload gets a new uuid), so the picture is immutable.
      'Cache-Control': 'public, max-age=31536000, immutable',
      // nosniff and a sandboxing CSP come from middleware/security-headers.ts (kind `image`).
      'Content-Type': avatarContentType(location),
      ETag: object.httpEtag,
    });
    // A failed If-None-Match precondition gives an object without a body: not modified.
    if (!('body' in object)) return new Response(null, { status: 304, headers });
    return new Response(object.body, { headers });
  });
