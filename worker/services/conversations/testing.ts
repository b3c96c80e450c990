import { env } from 'cloudflare:workers';

/*
 * Fixtures for the conversation-route tests: tags, share links and files attached to a
 * conversation, written as raw rows (the routes that create them belong to other areas), and
 * counts of what a user has left, to check that a refused request changed nothing.
 */

export async function tagConversation(userId: string, conversationId: string, tag: string): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('INSERT OR IGNORE INTO tags (id, userId, tag) VALUES (?1, ?2, ?3)').bind(
      crypto.randomUUID(),
      userId,
      tag,
    ),
    env.DB.prepare('INSERT INTO conversation_tags (userId, conversationId, tag) VALUES (?1, ?2, ?3)').bind(
      userId,
      conversationId,
      tag,
    ),
  ]);
}

export async function tagCount(userId: string, tag: string): Promise<number | null> {
  const row = await env.DB.prepare('SELECT count FROM tags WHERE userId = ?1 AND tag = ?2')
    .bind(userId, tag)
    .first<{ count: number }>();
  return row?.count ?? null;
}

export async function shareConversation(userId: string, conversationId: string): Promise<string> {
  const shareId = crypto.randomUUID();
  await env.DB.prepare('INSERT INTO shared_links (shareId, userId, conversationId) VALUES (?1, ?2, ?3)')
    .bind(shareId, userId, conversationId)
    .run();
  return shareId;
}

/** A file row (and its R2 object when `source` is local) uploaded into `conversationId`. */
export async function attachFile(
  userId: string,
  conversationId: string | null,
  values: { source?: string; context?: string } = {},
): Promise<{ fileId: string; storageKey: string }> {
  const fileId = crypto.randomUUID();
  const storageKey = `files/${userId}/${fileId}`;
  await env.DB.prepare(
    `INSERT INTO files (file_id, userId, conversationId, filename, storageKey, type, bytes, source, context)
      VALUES (?1, ?2, ?3, 'a.txt', ?4, 'text/plain', 5, ?5, ?6)`,
  )
    .bind(fileId, userId, conversationId, storageKey, values.source ?? 'local', values.context ?? 'message_attachment')
    .run();
  if ((values.source ?? 'local') === 'local') await env.FILES.put(storageKey, 'hello');
  return { fileId, storageKey };
}

/** Rows of each kind the user has, and FTS rows indexed for them. */
export async function userFootprint(userId: string) {
  const count = async (sql: string) => (await env.DB.prepare(sql).bind(userId).first<{ n: number }>())?.n ?? 0;
  return {
    conversations: await count('SELECT count(*) AS n FROM conversations WHERE userId = ?1'),
    messages: await count('SELECT count(*) AS n FROM messages WHERE userId = ?1'),
    links: await count('SELECT count(*) AS n FROM conversation_tags WHERE userId = ?1'),
    shares: await count('SELECT count(*) AS n FROM shared_links WHERE userId = ?1'),
    files: await count('SELECT count(*) AS n FROM files WHERE userId = ?1'),
    searchRows: await count('SELECT count(*) AS n FROM search_index WHERE userId = ?1'),
  };
}

export async function conversationRow(conversationId: string) {
  return env.DB.prepare('SELECT title, isArchived, updatedAt FROM conversations WHERE conversationId = ?1')
    .bind(conversationId)
    .first<{ title: string; isArchived: number; updatedAt: number }>();
}
