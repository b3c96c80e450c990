/**
 * Deleting conversations and everything that belongs only to them. The database does most of
 * the cascade itself (migrations 0000/0001): messages, tag links and share links have foreign
 * keys to (userId, conversationId) with ON DELETE CASCADE; the FTS rows of messages and
 * titles, the tool-call records and the tags' counts follow through triggers. What is left
 * here is counting what went (D1's `meta.changes` also counts trigger writes, so counts come
 * from RETURNING and a count taken in the same transaction) and the files, which have no
 * foreign key because they outlive a conversation in the user's file list.
 *
 * Ids travel as one JSON parameter (`json_each`), so a batch of any size stays far under
 * D1's 100 bound parameters per statement.
 */

import { errorMessage, log } from '../../logging/logger';
import { pdfTextKey } from '../files/pdf-text-object';

/** A conversation to delete: its owner and id (ids are globally unique, the owner is checked). */
export interface DeletionTarget {
  userId: string;
  conversationId: string;
}

export interface DeletionResult {
  /** Conversations deleted. */
  deletedCount: number;
  /** Messages deleted with them. */
  messageCount: number;
  /** File rows deleted (their R2 objects too). */
  fileCount: number;
}

/**
 * File contexts that tie a file to a conversation. Avatars and files given to an agent or
 * assistant belong to those, even when uploaded from inside a chat.
 */
const CONVERSATION_FILE_CONTEXTS = [
  'message_attachment',
  'image_generation',
  'execute_code',
  'assistants_output',
  'unknown',
];
export const CONVERSATION_FILE_CONTEXT_SQL = CONVERSATION_FILE_CONTEXTS.map((context) => `'${context}'`).join(', ');

/**
 * Files whose bytes we keep in R2 under `storageKey` (files.ts: "ours are in R2 unless
 * imported"). Other sources (openai, vectordb, …) live elsewhere: only their row goes.
 */
const R2_SOURCES = new Set(['local']);

/** The targets as a JSON array of `[userId, conversationId]` pairs, for `json_each`. */
const TARGETS_CTE = `targets(userId, conversationId) AS (
  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))`;

interface FileRow {
  file_id: string;
  userId: string;
  storageKey: string;
  source: string;
}

/**
 * The files only these conversations use: uploaded into one of them, and not referenced by
 * a message of any other conversation (a duplicate shares its original's files). The
 * reference check reads the owner's messages that carry files, so it only runs when a
 * deleted conversation has files at all.
 */
async function filesOwnedOnlyBy(d1: D1Database, targetsJson: string): Promise<FileRow[]> {
  const { results } = await d1
    .prepare(
      `WITH ${TARGETS_CTE}
      SELECT f.file_id, f.storageKey, f.source, f.userId FROM files AS f
        JOIN targets AS t ON f.conversationId = t.conversationId AND f.userId = t.userId
        WHERE f.context IN (${CONVERSATION_FILE_CONTEXT_SQL})`,
    )
    .bind(targetsJson)
    .all<FileRow>();
  if (results.length === 0) return [];
  const { results: shared } = await d1
    .prepare(
      `WITH ${TARGETS_CTE}, candidates(file_id, userId) AS (
        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2))
      SELECT DISTINCT c.file_id FROM candidates AS c
        JOIN messages AS m ON m.userId = c.userId AND m.files IS NOT NULL
        JOIN json_each(m.files) AS ref ON json_extract(ref.value, '$.file_id') = c.file_id
        WHERE m.conversationId NOT IN (SELECT conversationId FROM targets)`,
    )
    .bind(targetsJson, JSON.stringify(results.map((file) => [file.file_id, file.userId])))
    .all<{ file_id: string }>();
  const keep = new Set(shared.map((row) => row.file_id));
  return results.filter((file) => !keep.has(file.file_id));
}

/**
 * Deletes `targets` (ones that do not exist or are not their owner's are skipped) in one D1
 * batch, a single transaction: the message count, the file rows, then the conversations with
 * their cascades. R2 objects are removed after the commit; an R2 failure leaves an orphan
 * object (logged), never a row pointing at nothing.
 */
export async function deleteConversations(
  env: { DB: D1Database; FILES: R2Bucket },
  targets: readonly DeletionTarget[],
): Promise<DeletionResult> {
  if (targets.length === 0) return { deletedCount: 0, messageCount: 0, fileCount: 0 };
  const d1 = env.DB;
  const targetsJson = JSON.stringify(targets.map((target) => [target.userId, target.conversationId]));
  const files = await filesOwnedOnlyBy(d1, targetsJson);

  const [counted, deletedFiles, deletedConversations] = await d1.batch([
    // messages_conversation_idx starts with conversationId; the join to conversations makes
    // sure only the owner's conversations are counted.
    d1
      .prepare(
        `WITH ${TARGETS_CTE}
        SELECT count(*) AS n FROM messages AS m
          JOIN conversations AS c ON c.conversationId = m.conversationId
          JOIN targets AS t ON t.conversationId = c.conversationId AND t.userId = c.userId`,
      )
      .bind(targetsJson),
    d1
      .prepare(
        `DELETE FROM files
          WHERE (file_id, userId) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))
          RETURNING storageKey, source`,
      )
      .bind(JSON.stringify(files.map((file) => [file.file_id, file.userId]))),
    d1
      .prepare(
        `WITH ${TARGETS_CTE}
        DELETE FROM conversations WHERE (userId, conversationId) IN (SELECT userId, conversationId FROM targets)
          RETURNING conversationId`,
      )
      .bind(targetsJson),
  ]);

  const removedFiles = (deletedFiles?.results ?? []) as { storageKey: string; source: string }[];
  await deleteStoredObjects(env.FILES, removedFiles);
  const messageCount = (counted?.results[0] as { n?: number } | undefined)?.n ?? 0;
  return {
    deletedCount: deletedConversations?.results.length ?? 0,
    messageCount,
    fileCount: removedFiles.length,
  };
}

/** R2 deletes at most this many keys per call. */
const R2_DELETE_MAX_KEYS = 1000;

/**
 * Deletes the files' R2 objects, each with the text kept beside it when it is a PDF: asking for
 * that key whatever the type costs nothing (R2 deletes missing keys silently, many per call) and
 * needs no column read back.
 */
export async function deleteStoredObjects(
  bucket: R2Bucket,
  files: readonly { storageKey: string; source: string }[],
): Promise<void> {
  const keys = files
    .filter((file) => R2_SOURCES.has(file.source))
    .flatMap((file) => [file.storageKey, pdfTextKey(file.storageKey)]);
  for (let start = 0; start < keys.length; start += R2_DELETE_MAX_KEYS) {
    try {
      await bucket.delete(keys.slice(start, start + R2_DELETE_MAX_KEYS));
    } catch (error) {
      log.error('file_objects_delete_failed', { count: keys.length, error: errorMessage(error) });
    }
  }
}
