import { deleteConversations, type DeletionResult } from './delete';

/**
 * Temporary chats expire (`expiredAt`); the API hides them from that moment, and this
 * cleanup, run by the cron trigger every 30 minutes, deletes them with their messages, links
 * and files. Work per run is bounded so one run never meets the Workers limits however large
 * the backlog: what is left waits for the next run.
 */

/** Conversations per D1 batch: their messages go in the same transaction (cascade). */
export const EXPIRE_BATCH_SIZE = 50;
/** Batches per run: 4 queries each, far below 1,000 queries per invocation. */
export const EXPIRE_MAX_BATCHES = 40;

export interface ExpireResult extends DeletionResult {
  /** True when the run stopped at its bound with expired chats still waiting. */
  more: boolean;
}

export async function deleteExpiredConversations(
  env: { DB: D1Database; FILES: R2Bucket },
  now = Date.now(),
  limits: { batchSize?: number; maxBatches?: number } = {},
): Promise<ExpireResult> {
  const batchSize = limits.batchSize ?? EXPIRE_BATCH_SIZE;
  const maxBatches = limits.maxBatches ?? EXPIRE_MAX_BATCHES;
  const total: ExpireResult = { deletedCount: 0, messageCount: 0, fileCount: 0, more: false };
  for (let batch = 0; batch < maxBatches; batch++) {
    // conversations_expired_idx (partial, expiredAt IS NOT NULL): `expiredAt < ?` implies it.
    const { results } = await env.DB.prepare(
      'SELECT userId, conversationId FROM conversations WHERE expiredAt < ?1 ORDER BY expiredAt LIMIT ?2',
    )
      .bind(now, batchSize)
      .all<{ userId: string; conversationId: string }>();
    if (results.length === 0) return total;
    const deleted = await deleteConversations(env, results);
    total.deletedCount += deleted.deletedCount;
    total.messageCount += deleted.messageCount;
    total.fileCount += deleted.fileCount;
    if (results.length < batchSize) return total;
  }
  total.more = true;
  return total;
}
