/**
 * One upload, from the request body to a stored file: the multipart form is read as a stream,
 * the file part is checked before its first byte is stored (endpoint, type) and while it
 * streams to R2 (size, magic bytes), the fields after it are checked at the end, and only then
 * is the D1 row written. A PDF's text is read from the stored object just before (pdf-text.ts).
 * A refusal at any point leaves nothing behind: the multipart upload is aborted, or the objects
 * already written are deleted.
 */
import type { FileConfigResponse, StoredFileResponse } from '../../contract/files';
import { insertUploadedFile } from '../../db/file-uploads';
import { userFilesPrefix } from '../auth/account-deletion';
import { MultipartError, MultipartReader, multipartBoundary, type PartHeaders } from './multipart-reader';
import { storePdfText } from './pdf-text';
import { PDF_TYPE, pdfTextKey } from './pdf-text-object';
import { writeToR2, type UploadBucket } from './r2-writer';
import { toStoredFileResponse } from './stored-file-response';
import { NOT_AN_IMAGE, checkDeclaredFile, isSupportedType, refuse, sniffImageType } from './upload-checks';

export interface UploadInput {
  userId: string;
  /** `image`: `POST /api/files/images`, which takes only PNG, JPEG, GIF and WebP images. */
  kind: 'file' | 'image';
  body: ReadableStream<Uint8Array> | null;
  contentType: string | undefined;
  config: FileConfigResponse;
  bucket: UploadBucket & Pick<R2Bucket, 'delete' | 'get'>;
  d1: D1Database;
  /** R2 part size; tests make it small. */
  partSize?: number;
}

/** Text fields: LibreChat's are short ids and names. */
const MAX_FIELD_BYTES = 4096;
const MAX_FIELDS = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_HEAD_BYTES = 12;

interface StoredBytes {
  key: string;
  filename: string;
  type: string;
  bytes: number;
}

/** Checks the file part against the fields read so far, then streams it to R2. */
async function storeFilePart(
  input: UploadInput,
  reader: MultipartReader,
  part: PartHeaders,
  fields: Map<string, string>,
  fileId: string,
): Promise<StoredBytes> {
  // The endpoint decides the limits, so it must come before the file (LibreChat's client sends it first).
  const declared = checkDeclaredFile(
    input.config,
    input.kind,
    fields.get('endpoint'),
    part.filename ?? '',
    part.contentType,
  );
  const { limits, filename, mustBeImage, limit } = declared;
  let type = declared.type;
  const key = `${userFilesPrefix(input.userId)}${fileId}`;
  let sniffed = false;
  const checkImage = (head: Uint8Array) => {
    const actual = sniffImageType(head);
    if (!actual) throw refuse(NOT_AN_IMAGE);
    if (!isSupportedType(actual, limits)) throw refuse(`Currently, unsupported file type: ${actual}`);
    type = actual;
    sniffed = true;
  };
  const bytes = await writeToR2(input.bucket, key, reader.body(), {
    contentType: () => type,
    partSize: input.partSize,
    inspect: (received, head) => {
      if (received >= limit.bytes) throw refuse(limit.message);
      if (mustBeImage && !sniffed && head.length >= IMAGE_HEAD_BYTES) checkImage(head);
    },
  });
  if (bytes === 0) throw refuse('The file is empty.');
  // A file shorter than an image header cannot be an image.
  if (mustBeImage && !sniffed) {
    await input.bucket.delete(key);
    throw refuse(NOT_AN_IMAGE);
  }
  return { key, filename, type, bytes };
}

/** A positive whole number of pixels, or null. */
function dimension(value: string | undefined): number | null {
  const n = value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value) : 0;
  return n > 0 ? n : null;
}

/** Reads the form and stores its file; the stored file, or an HttpError (400) saying why not. */
export async function receiveUpload(input: UploadInput): Promise<StoredFileResponse> {
  const boundary = multipartBoundary(input.contentType);
  if (!boundary || !input.body) throw refuse('Expected a multipart form with a file field.');
  const reader = new MultipartReader(input.body, boundary);
  const fields = new Map<string, string>();
  // The server's id for the file: the storage key never comes from anything the client sent.
  const fileId = crypto.randomUUID();
  let stored: StoredBytes | undefined;
  let textParts = 0;
  try {
    for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
      if (part.filename === undefined) {
        // Counted by part, not by name: a field sent over and over is as costly as many.
        if (++textParts > MAX_FIELDS) throw refuse('The form has too many fields.');
        fields.set(part.name, await reader.text(MAX_FIELD_BYTES));
      } else if (part.name !== 'file' || stored) {
        throw refuse('Only one file, in the field "file", can be uploaded at a time.');
      } else {
        stored = await storeFilePart(input, reader, part, fields, fileId);
      }
    }
    if (!stored) throw refuse('No file was uploaded (field "file").');
    const tempFileId = fields.get('file_id') ?? '';
    if (!UUID.test(tempFileId)) throw refuse('No valid file_id provided.');
    const width = dimension(fields.get('width'));
    const height = dimension(fields.get('height'));
    if (input.kind === 'image' && (width === null || height === null))
      throw refuse('Image width and height are required.');
    const toolResource = fields.get('tool_resource');
    const textBytes = stored.type === PDF_TYPE ? await storePdfText(input.bucket, stored.key, stored.bytes) : null;
    const row = await insertUploadedFile(input.d1, {
      file_id: fileId,
      temp_file_id: tempFileId,
      userId: input.userId,
      filename: stored.filename,
      storageKey: stored.key,
      type: stored.type,
      bytes: stored.bytes,
      width: input.kind === 'image' ? width : null,
      height: input.kind === 'image' ? height : null,
      tool_resource: toolResource && /^[a-z_]{1,32}$/.test(toolResource) ? toolResource : null,
      textBytes,
    });
    return toStoredFileResponse(row);
  } catch (error) {
    await reader.cancel();
    if (stored) await input.bucket.delete([stored.key, pdfTextKey(stored.key)]);
    // A malformed form is the client's mistake; anything else (R2, D1) is the server's.
    throw error instanceof MultipartError ? refuse(error.message) : error;
  }
}
