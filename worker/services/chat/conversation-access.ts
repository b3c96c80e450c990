/**
 * The conversation a chat request names, checked against its owner. Another user's
 * conversation is indistinguishable from a missing one (404), for sends, aborts and resumes
 * alike; the ConversationDO checks the owner of its live run once more on top.
 */
import type { Env } from '../../env';

export interface ConversationAccessRow {
  userId: string;
  title: string;
  isArchived: number;
  isTemporary: number;
  expiredAt: number | null;
  createdAt: number;
}

/** Reads the conversation's access row; see {@link ownConversationOf}. */
export function conversationAccessStatement(
  d1: Pick<D1Database, 'prepare'>,
  conversationId: string,
): D1PreparedStatement {
  return d1
    .prepare(
      'SELECT userId, title, isArchived, isTemporary, expiredAt, createdAt FROM conversations WHERE conversationId = ?1',
    )
    .bind(conversationId);
}

/** The row {@link conversationAccessStatement} read, if it is the user's. */
export function ownConversationOf(result: D1Result<unknown>, userId: string): ConversationAccessRow | null {
  // Its SELECT names exactly these columns.
  const row = result.results[0] as ConversationAccessRow | undefined;
  return row && row.userId === userId ? row : null;
}

/**
 * The object that runs the second reply of a turn (the `+` command) beside the conversation's
 * own, which keeps its one live run: a send unrelated to the turn is still refused there.
 */
export function addedLaneName(conversationId: string): string {
  return `${conversationId}:added`;
}

/** The conversation's Durable Object (one per conversation id; `addedLaneName` for the added lane). */
export function conversationStub(env: Pick<Env, 'CONVERSATION'>, conversationId: string) {
  return env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
}

/**
 * The internal URL of the DO's one fetch route, `/run` (the host is never resolved: the object's
 * handle routes the request). Everything else is an RPC method on that handle.
 */
export const RUN_URL = 'https://conversation/run';
