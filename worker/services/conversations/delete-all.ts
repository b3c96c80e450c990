import { CONVERSATION_FILE_CONTEXT_SQL, deleteConversations, deleteStoredObjects, type DeletionResult } from './delete';

/**
 * Conversations deleted per D1 batch. Each one's messages go in the same transaction (by
 * cascade), so this bounds one statement's work by conversations, not by the user's total.
 */
export const DELETE_ALL_CHUNK = 100;
/**
 * Rounds per request: 4 queries each keeps a request under the Workers limit of 1,000 D1
 * queries per invocation, and 20,000 conversations covers any real sidebar. A user with more
 * sees the count actually deleted and can ask again.
 */
export const DELETE_ALL_MAX_ROUNDS = 200;

/**
 * "Delete all chats" (settings, data tab): every conversation of the user, temporary ones
 * included, in chunks; then the conversation files left without a conversation (those only
 * a deleted duplicate referenced, whose row names the original).
 */
export async function deleteAllConversations(
  env: { DB: D1Database; FILES: R2Bucket },
  userId: string,
): Promise<DeletionResult> {
  const total: DeletionResult = { deletedCount: 0, messageCount: 0, fileCount: 0 };
  for (let round = 0; round < DELETE_ALL_MAX_ROUNDS; round++) {
    const { results } = await env.DB.prepare('SELECT conversationId FROM conversations WHERE userId = ?1 LIMIT ?2')
      .bind(userId, DELETE_ALL_CHUNK)
      .all<{ conversationId: string }>();
    if (results.length === 0) break;
    const deleted = await deleteConversations(
      env,
      results.map((row) => ({ userId, conversationId: row.conversationId })),
    );
    total.deletedCount += deleted.deletedCount;
    total.messageCount += deleted.messageCount;
    total.fileCount += deleted.fileCount;
    if (results.length < DELETE_ALL_CHUNK) break;
  }
  total.fileCount += await deleteOrphanedConversationFiles(env, userId);
  return total;
}

/** The user's conversation files whose conversation no longer exists. */
async function deleteOrphanedConversationFiles(
  env: { DB: D1Database; FILES: R2Bucket },
  userId: string,
): Promise<number> {
  const { results } = await env.DB.prepare(
    `DELETE FROM files WHERE userId = ?1 AND conversationId IS NOT NULL
      AND context IN (${CONVERSATION_FILE_CONTEXT_SQL})
      AND NOT EXISTS (SELECT 1 FROM conversations AS c WHERE c.conversationId = files.conversationId)
      RETURNING storageKey, source`,
  )
    .bind(userId)
    .all<{ storageKey: string; source: string }>();
  await deleteStoredObjects(env.FILES, results);
  return results.length;
}
