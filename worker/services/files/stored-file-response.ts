import { fileLinkPath, type StoredFileResponse } from '../../contract/files';
import type { UserFileRow } from '../../db/user-files';

/** A file row as the API answers it: LibreChat's file document, its link as `filepath`. */
export function toStoredFileResponse(row: UserFileRow): StoredFileResponse {
  return {
    file_id: row.file_id,
    ...(row.temp_file_id ? { temp_file_id: row.temp_file_id } : {}),
    user: row.userId,
    ...(row.conversationId ? { conversationId: row.conversationId } : {}),
    filename: row.filename,
    filepath: fileLinkPath(row.userId, row.file_id),
    object: 'file',
    type: row.type,
    bytes: row.bytes,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    source: row.source,
    context: row.context,
    embedded: row.embedded === 1,
    usage: row.usage,
    ...(row.expiresAt !== null ? { expiresAt: new Date(row.expiresAt).toISOString() } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** A generated file past its `expiresAt`: its bytes are no longer served. */
export function isExpired(row: Pick<UserFileRow, 'expiresAt'>, now = Date.now()): boolean {
  return row.expiresAt !== null && row.expiresAt <= now;
}
