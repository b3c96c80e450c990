import type { DeleteFilesBody } from '../../contract/files-delete';
import { deleteUserFiles } from '../../db/user-files';
import { deleteStoredObjects } from '../conversations/delete';

export interface DeleteFilesOutcome {
  deleted: string[];
  /** Requested ids that are not the caller's files (someone else's or no one's). */
  notFound: string[];
}

/**
 * Deletes the caller's files among those requested: their rows in one statement, then their
 * R2 objects (an R2 failure leaves an orphan object, logged, never a row without bytes).
 * The ids decide alone: a client-supplied `filepath` or `source` is never used to find bytes.
 */
export async function deleteFiles(
  env: { DB: D1Database; FILES: R2Bucket },
  userId: string,
  body: DeleteFilesBody,
): Promise<DeleteFilesOutcome> {
  const requested = [...new Set(body.files.map((file) => file.file_id))];
  const removed = await deleteUserFiles(env.DB, userId, requested);
  await deleteStoredObjects(env.FILES, removed);
  const deleted = new Set(removed.map((row) => row.file_id));
  return { deleted: [...deleted], notFound: requested.filter((id) => !deleted.has(id)) };
}
