/**
 * The row an upload writes: one file of the user's, its bytes already in R2 under `storageKey`.
 * Timestamps come from SQL; the row is returned as stored.
 */
import type { UserFileRow } from './user-files';

export interface NewUploadedFile {
  file_id: string;
  temp_file_id: string;
  userId: string;
  filename: string;
  storageKey: string;
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  tool_resource: string | null;
  /** A PDF's text kept beside it in R2: its length in bytes (null: none). */
  textBytes: number | null;
}

/** The stored row: what every file route reads (user-files.ts), and the upload's tool resource. */
export type UploadedFileRow = UserFileRow & Pick<NewUploadedFile, 'tool_resource'>;

/** Inserts an uploaded chat attachment (source `local`: the bytes are ours, in R2). */
export async function insertUploadedFile(d1: D1Database, file: NewUploadedFile): Promise<UploadedFileRow> {
  const row = await d1
    .prepare(
      `INSERT INTO files (file_id, temp_file_id, userId, filename, storageKey, type, bytes, width, height,
         tool_resource, textBytes, source, context)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'local', 'message_attachment')
       RETURNING file_id, temp_file_id, userId, conversationId, filename, storageKey, type, bytes, width, height,
         tool_resource, source, context, embedded, usage, expiresAt, createdAt, updatedAt`,
    )
    .bind(
      file.file_id,
      file.temp_file_id,
      file.userId,
      file.filename,
      file.storageKey,
      file.type,
      file.bytes,
      file.width,
      file.height,
      file.tool_resource,
      file.textBytes,
    )
    .first<UploadedFileRow>();
  if (!row) throw new Error('file insert returned no row');
  return row;
}

/** An image a tool made in a conversation's reply, its bytes already in R2 under `storageKey`. */
export interface NewGeneratedImage {
  file_id: string;
  userId: string;
  conversationId: string;
  messageId: string;
  filename: string;
  storageKey: string;
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

/** Inserts a generated image: a file of the user's like an upload, with context `image_generation`. */
export async function insertGeneratedImage(d1: D1Database, file: NewGeneratedImage): Promise<void> {
  await d1
    .prepare(
      `INSERT INTO files (file_id, userId, conversationId, messageId, filename, storageKey, type, bytes, width, height,
         source, context)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'local', 'image_generation')`,
    )
    .bind(
      file.file_id,
      file.userId,
      file.conversationId,
      file.messageId,
      file.filename,
      file.storageKey,
      file.type,
      file.bytes,
      file.width,
      file.height,
    )
    .run();
}
