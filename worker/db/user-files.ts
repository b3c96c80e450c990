/**
 * Reading and deleting a user's stored files. Every statement takes the owner's id, so another
 * user's file is indistinguishable from one that does not exist. Ids travel as one JSON
 * parameter (`json_each`), so a delete of any size stays under D1's 100 bound parameters.
 */
import type { SqlQuery } from './paging';

/** The columns the file routes need (the answer shape plus where the bytes are). */
export interface UserFileRow {
  file_id: string;
  temp_file_id: string | null;
  userId: string;
  conversationId: string | null;
  filename: string;
  storageKey: string;
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  source: string;
  context: string;
  embedded: number;
  usage: number;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = `file_id, temp_file_id, userId, conversationId, filename, storageKey, type, bytes, width, height,
  source, context, embedded, usage, expiresAt, createdAt, updatedAt`;

/**
 * All of the user's files: one range of `files_user_created_idx` (its leading column is
 * userId), so rows read = the user's file count. Exposed so tests can check its plan.
 */
export function userFilesQuery(userId: string): SqlQuery {
  return { sql: `SELECT ${COLUMNS} FROM files WHERE userId = ?1`, params: [userId] };
}

/**
 * The user's files, newest change first. Sorted here rather than with ORDER BY updatedAt,
 * which no index covers and which D1 would bill as a second pass through a temporary b-tree.
 */
export async function listUserFiles(d1: D1Database, userId: string): Promise<UserFileRow[]> {
  const query = userFilesQuery(userId);
  const { results } = await d1
    .prepare(query.sql)
    .bind(...query.params)
    .all<UserFileRow>();
  return results.sort((a, b) => b.updatedAt - a.updatedAt || (a.file_id < b.file_id ? -1 : 1));
}

/** One file of the user's (primary key lookup, owner re-checked). */
export async function findUserFile(d1: D1Database, userId: string, fileId: string): Promise<UserFileRow | undefined> {
  const row = await d1
    .prepare(`SELECT ${COLUMNS} FROM files WHERE file_id = ?1 AND userId = ?2`)
    .bind(fileId, userId)
    .first<UserFileRow>();
  return row ?? undefined;
}

export interface DeletedFileRow {
  file_id: string;
  storageKey: string;
  source: string;
}

/** Deletes those of `fileIds` that the user owns; the rest are left alone. Returns what went. */
export async function deleteUserFiles(
  d1: D1Database,
  userId: string,
  fileIds: readonly string[],
): Promise<DeletedFileRow[]> {
  if (fileIds.length === 0) return [];
  const { results } = await d1
    .prepare(
      `DELETE FROM files WHERE userId = ?1 AND file_id IN (SELECT value FROM json_each(?2))
        RETURNING file_id, storageKey, source`,
    )
    .bind(userId, JSON.stringify(fileIds))
    .all<DeletedFileRow>();
  return results;
}

/**
 * Whether the public share `shareId` of `ownerId` shows a message that carries `fileId` in its
 * `files`. Only the link's snapshot counts (messages added after it was made stay private),
 * and only while the link is public and the conversation and message have not expired, the
 * same rules as the share page itself. The messages are found by the snapshot's ids
 * (`messages_id_unique`); the unary `+` keeps the planner off the owner's whole message index.
 * Exposed so tests can check its plan.
 */
export function shareFileQuery(shareId: string, ownerId: string, fileId: string, now = Date.now()): SqlQuery {
  return {
    sql: `SELECT 1 AS found FROM shared_links AS s
        JOIN conversations AS c ON c.userId = s.userId AND c.conversationId = s.conversationId
        JOIN messages AS m ON m.messageId IN (SELECT value FROM json_each(s.messageIds))
        WHERE s.shareId = ?2 AND s.isPublic = 1 AND s.userId = ?3
          AND (c.expiredAt IS NULL OR c.expiredAt > ?1)
          AND +m.conversationId = s.conversationId AND +m.userId = s.userId
          AND (m.expiredAt IS NULL OR m.expiredAt > ?1)
          AND m.files IS NOT NULL
          AND EXISTS (SELECT 1 FROM json_each(m.files) AS ref WHERE json_extract(ref.value, '$.file_id') = ?4)
        LIMIT 1`,
    params: [now, shareId, ownerId, fileId],
  };
}

/** Whether the public share `shareId` of `ownerId` shows `fileId` (see shareFileQuery). */
export async function shareShowsFile(
  d1: D1Database,
  shareId: string,
  ownerId: string,
  fileId: string,
  now = Date.now(),
): Promise<boolean> {
  const query = shareFileQuery(shareId, ownerId, fileId, now);
  const row = await d1
    .prepare(query.sql)
    .bind(...query.params)
    .first<{ found: number }>();
  return row !== null;
}
