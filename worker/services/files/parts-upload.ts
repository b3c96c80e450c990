/**
 * Files too large for one request body, uploaded in parts: the file is declared and checked
 * first (the same checks as a single upload), then its parts arrive one request each and go
 * straight to an R2 multipart upload, then the upload is completed and the row written. Each
 * part is counted on the bytes received and must have exactly its size, so the file cannot
 * grow past what was declared and checked. A part sent again replaces the earlier one: that is
 * how a client resumes after a dropped connection. A PDF's text is read once it is whole
 * (pdf-text.ts).
 */
import type { FileConfigResponse, StoredFileResponse } from '../../contract/files';
import { insertUploadedFile } from '../../db/file-uploads';
import { findUserFile } from '../../db/user-files';
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';
import { userFilesPrefix } from '../auth/account-deletion';
import { storePdfText } from './pdf-text';
import { PDF_TYPE, pdfTextKey } from './pdf-text-object';
import { toStoredFileResponse } from './stored-file-response';
import { NOT_AN_IMAGE, checkDeclaredFile, isSupportedType, refuse, sniffImageType } from './upload-checks';
import { UPLOAD_SESSION_LIFETIME_MS, signUploadSession, type UploadSession } from './upload-session-token';

const MB = 1024 * 1024;

/** Every part but the last has this size: above R2's 5 MiB minimum, small enough to resend cheaply. */
export const UPLOAD_PART_SIZE = 8 * MB;
/** R2's most parts per upload. */
const MAX_PARTS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_HEAD_BYTES = 12;

export type PartsBucket = Pick<
  R2Bucket,
  'createMultipartUpload' | 'resumeMultipartUpload' | 'get' | 'put' | 'head' | 'delete'
>;

export interface PartsUploadStarted {
  /** The signed session token that names the upload in the later requests. */
  uploadId: string;
  file_id: string;
  partSize: number;
  parts: number;
}

export const UPLOAD_GONE = 'This upload does not exist or has already ended.';

/** R2's refusal of an upload id it does not know (aborted, completed, or expired). */
function isUnknownUpload(error: unknown): boolean {
  return error instanceof Error && /does not exist|NoSuchUpload|10024/i.test(error.message);
}

function partCount(session: Pick<UploadSession, 'bytes' | 'partSize'>): number {
  return Math.ceil(session.bytes / session.partSize);
}

/** A positive whole number of pixels, null when absent; anything else is refused. */
function dimension(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || (value as number) <= 0 || (value as number) > 999_999)
    throw refuse('Image width and height must be positive whole numbers.');
  return value as number;
}

/**
 * Checks a declared file (JSON `filename`, `type`, `bytes`, `endpoint`, `file_id`, and for
 * an image `width` and `height`) before anything is stored, then starts its R2 upload.
 */
export async function startPartsUpload(
  env: EnvVars,
  bucket: PartsBucket,
  config: FileConfigResponse,
  userId: string,
  body: unknown,
  partSize = UPLOAD_PART_SIZE,
): Promise<PartsUploadStarted> {
  if (typeof body !== 'object' || body === null) throw refuse('Expected a JSON description of the file.');
  const input = body as Record<string, unknown>;
  const width = dimension(input.width);
  const height = dimension(input.height);
  // A measured image is an image upload, as the images route is for the single request.
  const kind = width !== null && height !== null ? 'image' : 'file';
  const endpoint = typeof input.endpoint === 'string' ? input.endpoint : undefined;
  const filename = typeof input.filename === 'string' ? input.filename : '';
  const declared = checkDeclaredFile(
    config,
    kind,
    endpoint,
    filename,
    typeof input.type === 'string' ? input.type : undefined,
  );
  const bytes = input.bytes;
  if (!Number.isSafeInteger(bytes) || (bytes as number) < 0) throw refuse('The file size must be given in bytes.');
  if (bytes === 0) throw refuse('The file is empty.');
  if ((bytes as number) >= declared.limit.bytes) throw refuse(declared.limit.message);
  if (Math.ceil((bytes as number) / partSize) > MAX_PARTS) throw refuse(declared.limit.message);
  const tempFileId = typeof input.file_id === 'string' ? input.file_id : '';
  if (!UUID.test(tempFileId)) throw refuse('No valid file_id provided.');

  // The storage key never comes from anything the client sent.
  const fileId = crypto.randomUUID();
  const key = `${userFilesPrefix(userId)}${fileId}`;
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: declared.type } });
  const session: UploadSession = {
    userId,
    fileId,
    tempFileId,
    key,
    uploadId: upload.uploadId,
    endpoint: endpoint ?? '',
    bytes: bytes as number,
    partSize,
    type: declared.type,
    filename: declared.filename,
    mustBeImage: declared.mustBeImage,
    width: kind === 'image' ? width : null,
    height: kind === 'image' ? height : null,
    expiresAt: Date.now() + UPLOAD_SESSION_LIFETIME_MS,
  };
  return { uploadId: await signUploadSession(env, session), file_id: fileId, partSize, parts: partCount(session) };
}

/** The size part `n` must have: `partSize`, or what is left for the last one. */
function expectedPartSize(session: UploadSession, n: number): number {
  return n < partCount(session) ? session.partSize : session.bytes - (n - 1) * session.partSize;
}

/**
 * Streams one part to R2 through a stream of its exact length, counting what arrives: more
 * bytes than the part may have stop the body at once; fewer are refused at its end. Either
 * way R2 sees a short or broken stream and keeps nothing.
 */
export async function receivePart(
  bucket: PartsBucket,
  session: UploadSession,
  partNumber: number,
  body: ReadableStream<Uint8Array> | null,
): Promise<R2UploadedPart> {
  if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > partCount(session))
    throw refuse(`The part number must be from 1 to ${partCount(session)}.`);
  const expected = expectedPartSize(session, partNumber);
  const wrongSize = () => refuse(`Part ${partNumber} must have exactly ${expected} bytes.`);
  const { readable, writable } = new FixedLengthStream(expected);
  const writer = writable.getWriter();
  // Aborting rejects these too; the pump reports the reason once.
  writer.closed.catch(() => undefined);
  writer.ready.catch(() => undefined);
  const pump = async () => {
    let received = 0;
    try {
      if (body) {
        for await (const chunk of body) {
          received += chunk.byteLength;
          if (received > expected) throw wrongSize();
          await writer.write(chunk);
        }
      }
      if (received !== expected) throw wrongSize();
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  };
  const upload = bucket.resumeMultipartUpload(session.key, session.uploadId);
  const [pumped, stored] = await Promise.allSettled([pump(), upload.uploadPart(partNumber, readable)]);
  // The body's fault explains R2's failure, so it is reported first.
  if (pumped.status === 'rejected') throw pumped.reason;
  if (stored.status === 'rejected') {
    if (isUnknownUpload(stored.reason)) throw new HttpError(404, UPLOAD_GONE);
    throw stored.reason;
  }
  return stored.value;
}

function partList(body: unknown, count: number): R2UploadedPart[] {
  const parts = typeof body === 'object' && body !== null ? (body as { parts?: unknown }).parts : undefined;
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > count)
    throw refuse('Expected the uploaded parts, each with its partNumber and etag.');
  let previous = 0;
  return parts.map((part: unknown) => {
    const { partNumber, etag } = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(partNumber) || (partNumber as number) <= previous || (partNumber as number) > count)
      throw refuse('The parts must be listed once each, in order.');
    if (typeof etag !== 'string' || etag.length === 0 || etag.length > 256)
      throw refuse('Each part needs the etag its upload answered.');
    previous = partNumber as number;
    return { partNumber: partNumber as number, etag };
  });
}

/** The stored object's real type if it must be an image; a refusal if it is none. */
async function imageType(bucket: PartsBucket, session: UploadSession, config: FileConfigResponse): Promise<string> {
  const head = await bucket.get(session.key, { range: { offset: 0, length: IMAGE_HEAD_BYTES } });
  const bytes = head ? new Uint8Array(await head.arrayBuffer()) : new Uint8Array(0);
  const actual = sniffImageType(bytes);
  if (!actual) throw refuse(NOT_AN_IMAGE);
  const limits = config.endpoints[session.endpoint] ?? config.endpoints.default;
  if (limits && !isSupportedType(actual, limits)) throw refuse(`Currently, unsupported file type: ${actual}`);
  return actual;
}

/**
 * Completes the R2 upload with the client's list of parts, then checks the object as a
 * whole (its size is the declared one; an image is an image) and writes the row. A refused
 * object is deleted.
 */
export async function completePartsUpload(
  bucket: PartsBucket,
  d1: D1Database,
  config: FileConfigResponse,
  session: UploadSession,
  body: unknown,
): Promise<StoredFileResponse> {
  const parts = partList(body, partCount(session));
  const upload = bucket.resumeMultipartUpload(session.key, session.uploadId);
  try {
    await upload.complete(parts);
  } catch (error) {
    if (isUnknownUpload(error)) throw new HttpError(404, UPLOAD_GONE);
    // Missing parts or stale etags: the client can send the parts again and retry.
    if (error instanceof Error) throw refuse('The parts could not be joined: upload every part, then try again.');
    throw error;
  }
  try {
    const object = await bucket.head(session.key);
    if (object?.size !== session.bytes)
      throw refuse(`The upload has ${object?.size ?? 0} bytes, not the ${session.bytes} declared.`);
    const type = session.mustBeImage ? await imageType(bucket, session, config) : session.type;
    const textBytes = type === PDF_TYPE ? await storePdfText(bucket, session.key, session.bytes) : null;
    const row = await insertUploadedFile(d1, {
      file_id: session.fileId,
      temp_file_id: session.tempFileId,
      userId: session.userId,
      filename: session.filename,
      storageKey: session.key,
      type,
      bytes: session.bytes,
      width: session.width,
      height: session.height,
      tool_resource: null,
      textBytes,
    });
    return toStoredFileResponse(row);
  } catch (error) {
    // A completion that raced this one and wrote the row owns the object now.
    if (!(await findUserFile(d1, session.userId, session.fileId)))
      await bucket.delete([session.key, pdfTextKey(session.key)]);
    throw error;
  }
}

/** Ends an upload and drops its parts; an upload already gone is not an error. */
export async function abortPartsUpload(bucket: PartsBucket, session: UploadSession): Promise<void> {
  try {
    await bucket.resumeMultipartUpload(session.key, session.uploadId).abort();
  } catch (error) {
    if (!isUnknownUpload(error)) throw error;
  }
}
