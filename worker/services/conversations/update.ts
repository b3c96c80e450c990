/** What `POST /api/convos/update` may change: the whitelist, nothing else from the body. */
export interface ConversationUpdate {
  title?: string;
  isArchived?: boolean;
}

/**
 * Renames and/or (un)archives the user's conversation. Both move it to the top of its list
 * (updatedAt), as a save does in LibreChat. False when the conversation is not the user's,
 * does not exist or is an expired temporary chat: nothing is written then. Counted with
 * RETURNING, because `meta.changes` also counts the title's FTS trigger writes.
 */
export async function updateConversation(
  d1: D1Database,
  userId: string,
  conversationId: string,
  update: ConversationUpdate,
  now = Date.now(),
): Promise<boolean> {
  const archived = update.isArchived === undefined ? null : update.isArchived ? 1 : 0;
  const row = await d1
    .prepare(
      `UPDATE conversations SET title = coalesce(?3, title), isArchived = coalesce(?4, isArchived), updatedAt = ?5
        WHERE userId = ?1 AND conversationId = ?2 AND (expiredAt IS NULL OR expiredAt > ?5)
        RETURNING conversationId`,
    )
    .bind(userId, conversationId, update.title ?? null, archived, now)
    .first<{ conversationId: string }>();
  return row !== null;
}
