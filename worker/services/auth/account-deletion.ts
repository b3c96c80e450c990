import { deleteUserRow } from '../../db/users';

/** Every object a user owns in R2 lives under this prefix (avatars, uploads, generated files). */
export function userFilesPrefix(userId: string): string {
  return `users/${userId}/`;
}

/** R2 lists and deletes at most 1,000 keys per call. */
const R2_PAGE = 1000;

/** The part of R2Bucket used here (an R2Bucket is one; tests pass a small fake to exercise paging). */
export interface FileListing {
  list(options: {
    prefix: string;
    limit: number;
    cursor?: string;
  }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
  delete(keys: string[]): Promise<void>;
}

/** Deletes the user's R2 objects page by page; returns how many were deleted. */
export async function deleteUserFiles(bucket: FileListing, userId: string): Promise<number> {
  const prefix = userFilesPrefix(userId);
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, limit: R2_PAGE, ...(cursor ? { cursor } : {}) });
    const keys = page.objects.map((object) => object.key);
    if (keys.length) await bucket.delete(keys);
    deleted += keys.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}

/**
 * `DELETE /api/user/delete`. Files first: if that fails the account still exists and the user
 * can try again, whereas rows deleted first would leave orphaned files nobody can reach. The
 * row deletion then cascades to every user-owned table, sessions included, so every refresh
 * token dies with it and access tokens stop working (requireAuth reads the user on each call).
 */
export async function deleteAccount(env: { DB: D1Database; FILES: R2Bucket }, userId: string): Promise<void> {
  await deleteUserFiles(env.FILES, userId);
  await deleteUserRow(env.DB, userId);
}
