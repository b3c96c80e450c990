import { env } from 'cloudflare:workers';

/*
 * Fixtures for the file-route tests: file rows and their R2 objects written directly (the
 * upload routes belong to another area), and a probe of what is left of a file.
 */

export interface StoredFixture {
  fileId: string;
  storageKey: string;
  bytes: string;
}

export interface FileValues {
  filename?: string;
  type?: string;
  bytes?: string;
  source?: string;
  conversationId?: string;
  expiresAt?: number;
  updatedAt?: number;
  /** Write the row only, as if its object had been lost. */
  withoutObject?: boolean;
}

/** A file of `userId`'s, under the upload's storage key `users/{userId}/{file_id}`. */
export async function storeFile(userId: string, values: FileValues = {}): Promise<StoredFixture> {
  const fileId = crypto.randomUUID();
  const storageKey = `users/${userId}/${fileId}`;
  const bytes = values.bytes ?? `bytes of ${fileId}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO files (file_id, temp_file_id, userId, conversationId, filename, storageKey, type, bytes, source,
        expiresAt, createdAt, updatedAt)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
  )
    .bind(
      fileId,
      crypto.randomUUID(),
      userId,
      values.conversationId ?? null,
      values.filename ?? 'notes.txt',
      storageKey,
      values.type ?? 'text/plain',
      new TextEncoder().encode(bytes).byteLength,
      values.source ?? 'local',
      values.expiresAt ?? null,
      values.updatedAt ?? now,
      values.updatedAt ?? now,
    )
    .run();
  if (!values.withoutObject) await env.FILES.put(storageKey, bytes);
  return { fileId, storageKey, bytes };
}

/** Whether the file's row and its R2 object still exist. */
export async function fileState(file: StoredFixture): Promise<{ row: boolean; object: boolean }> {
  const row = await env.DB.prepare('SELECT 1 AS found FROM files WHERE file_id = ?1').bind(file.fileId).first();
  return { row: row !== null, object: (await env.FILES.head(file.storageKey)) !== null };
}
