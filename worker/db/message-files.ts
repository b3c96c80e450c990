/**
 * The stored files a send may attach or show the model: the caller's own, by id. The ids go in
 * as one JSON array (json_each), so any number of them is one bound parameter.
 */
export interface AttachableFileRow {
  file_id: string;
  filename: string;
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  storageKey: string;
  source: string;
  /** A PDF's text kept beside it: its length in bytes, or null. */
  textBytes: number | null;
}

export function ownedFilesStatement(
  d1: Pick<D1Database, 'prepare'>,
  userId: string,
  fileIds: readonly string[],
): D1PreparedStatement {
  return d1
    .prepare(
      `SELECT file_id, filename, type, bytes, width, height, storageKey, source, textBytes FROM files
       WHERE userId = ?1 AND file_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(fileIds));
}

/**
 * Files sent with a message belong to its conversation from then on (the file list shows where
 * they were used, and deleting the conversation deletes the files only it uses). A file already
 * used elsewhere keeps its first conversation. Idempotent, as a run's final batch must be.
 */
export function linkFilesToConversationStatement(
  d1: Pick<D1Database, 'prepare'>,
  link: { userId: string; conversationId: string; fileIds: readonly string[]; now: number },
): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE files SET conversationId = ?1, updatedAt = ?2
       WHERE userId = ?3 AND conversationId IS NULL AND file_id IN (SELECT value FROM json_each(?4))`,
    )
    .bind(link.conversationId, link.now, link.userId, JSON.stringify(link.fileIds));
}
