/** The D1 writes of a live run: the rows a reload needs early, and the final batch. */
import { insertMessageStatement, upsertConversationStatement } from '../../worker/db/runs';
import type { RunSpec } from '../../worker/engine/run-spec';
import type { Logger } from '../../worker/logging/logger';

/**
 * The rows a reload or another tab needs while the reply is generating: a new conversation's
 * row, and the user message. An existing conversation's row is left to the final batch (it
 * only moves its `updatedAt`), and a regenerated or continued reply has no new message. The
 * second reply of a turn writes the shared user message too (the insert ignores a duplicate),
 * never the conversation's row.
 */
export async function writeInitial(db: D1Database, spec: RunSpec, log: Logger): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  if (spec.isNewConversation && !spec.added)
    statements.push(upsertConversationStatement(db, { ...spec.conversation, updatedAt: spec.acceptedAt }));
  if (spec.userMessage) statements.push(insertMessageStatement(db, spec.userMessage));
  if (statements.length === 0) return;
  try {
    await db.batch(statements);
  } catch (error) {
    // The final batch repeats these statements: nothing is lost, the list is just late.
    log.error('chat_initial_write_failed', { error: describe(error) });
  }
}

/** The final batch; false when it failed (the DO's alarm finalises the stored run again). */
export async function commitFinal(db: D1Database, statements: D1PreparedStatement[], log: Logger): Promise<boolean> {
  if (statements.length === 0) return true;
  try {
    await db.batch(statements);
    return true;
  } catch (error) {
    log.error('chat_final_write_failed', { error: describe(error) });
    return false;
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
