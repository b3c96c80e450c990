import { getTableColumns } from 'drizzle-orm';
import { NO_PARENT } from '../../contract/endpoints';
import { conversations, messages } from '../../db/schema';

/*
 * `POST /api/convos/duplicate`: a copy of a conversation and its messages under new ids, the
 * tree's parent links remapped to the new ids. The message bodies are copied inside D1
 * (INSERT … SELECT): the Worker only handles the ids. The id mapping travels as one JSON
 * parameter per statement, so no statement comes near D1's 100 bound parameters, and every
 * insert goes in one batch: one transaction, a copy is whole or absent.
 */

/**
 * Messages a conversation may have and still be duplicated. Duplicating is cheap to ask for
 * and costly to serve (LibreChat had no bound: a denial-of-service advisory); 5,000 covers
 * any conversation a person reads.
 */
export const MAX_DUPLICATE_MESSAGES = 5_000;
/**
 * Stored bytes (text, content parts, file and attachment lists) a duplicate may copy: the
 * answer carries every copied message, and the Worker has 128 MB.
 */
export const MAX_DUPLICATE_BYTES = 32 * 1024 * 1024;
/**
 * Messages per INSERT statement. The mapping of 500 messages is ~60 KB of JSON, well within a
 * bound string's 2 MB, and 5,000 messages make 10 statements in the batch.
 */
export const DUPLICATE_MESSAGES_PER_STATEMENT = 500;

export type DuplicateOutcome =
  | { outcome: 'duplicated'; conversationId: string }
  | { outcome: 'too_many_messages'; messageCount: number }
  | { outcome: 'too_large'; bytes: number };

const quote = (name: string) => `"${name}"`;

/** Conversation columns copied as they are: all but identity, title, archive flag and times. */
const COPIED_CONVERSATION_COLUMNS = Object.values(getTableColumns(conversations))
  .map((column) => column.name)
  .filter(
    (name) => !['seq', 'conversationId', 'userId', 'title', 'isArchived', 'createdAt', 'updatedAt'].includes(name),
  )
  .map(quote);

/** Message columns copied as they are: all but identity and tree links. */
const COPIED_MESSAGE_COLUMNS = Object.values(getTableColumns(messages))
  .map((column) => column.name)
  .filter((name) => !['seq', 'messageId', 'conversationId', 'userId', 'parentMessageId'].includes(name))
  .map(quote);

/**
 * Size of the conversation's messages, reading at most MAX_DUPLICATE_MESSAGES + 1 of them so
 * a huge conversation is refused without being read whole. Ownership was checked on the
 * conversation; the composite foreign key makes its messages the same user's.
 */
async function measure(d1: D1Database, conversationId: string): Promise<{ count: number; bytes: number }> {
  const row = await d1
    .prepare(
      `SELECT count(*) AS count, coalesce(sum(length(text) + coalesce(length(content), 0) + coalesce(length(files), 0)
          + coalesce(length(attachments), 0)), 0) AS bytes
        FROM (SELECT text, content, files, attachments FROM messages WHERE conversationId = ?1 LIMIT ?2)`,
    )
    .bind(conversationId, MAX_DUPLICATE_MESSAGES + 1)
    .first<{ count: number; bytes: number }>();
  return { count: row?.count ?? 0, bytes: row?.bytes ?? 0 };
}

/**
 * The new id of every message, and its new parent: a parent inside the conversation gets its
 * copy's id; the root marker stays; a parent outside the conversation (a dangling link)
 * becomes the root, so the copy never points into another conversation.
 */
function remapTree(
  skeleton: readonly { messageId: string; parentMessageId: string | null }[],
): [string, string, string | null][] {
  const newIds = new Map(skeleton.map((message) => [message.messageId, crypto.randomUUID()]));
  return skeleton.map((message) => {
    const parent = message.parentMessageId;
    const newParent = parent === null ? null : (newIds.get(parent) ?? NO_PARENT);
    return [message.messageId, newIds.get(message.messageId) ?? crypto.randomUUID(), newParent];
  });
}

/**
 * Copies the user's conversation `sourceId` (already checked to be theirs and live) under a
 * new id, titled `title`, not archived, created now. Refuses a conversation over the limits
 * without writing anything.
 */
export async function duplicateConversation(
  d1: D1Database,
  userId: string,
  sourceId: string,
  title: string,
  now = Date.now(),
): Promise<DuplicateOutcome> {
  const size = await measure(d1, sourceId);
  if (size.count > MAX_DUPLICATE_MESSAGES) return { outcome: 'too_many_messages', messageCount: size.count };
  if (size.bytes > MAX_DUPLICATE_BYTES) return { outcome: 'too_large', bytes: size.bytes };

  // Index-only (messages_conversation_idx holds the ids, the parent and the rowid): sorted
  // here into creation order, so the copies get their `seq` in the same order.
  const { results: skeleton } = await d1
    .prepare('SELECT seq, messageId, parentMessageId, createdAt FROM messages WHERE conversationId = ?1')
    .bind(sourceId)
    .all<{ seq: number; messageId: string; parentMessageId: string | null; createdAt: number }>();
  skeleton.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
  const mapping = remapTree(skeleton);

  const conversationId = crypto.randomUUID();
  const statements = [
    d1
      .prepare(
        `INSERT INTO conversations (conversationId, userId, title, isArchived, createdAt, updatedAt, ${COPIED_CONVERSATION_COLUMNS.join(', ')})
          SELECT ?1, userId, ?2, 0, ?3, ?3, ${COPIED_CONVERSATION_COLUMNS.join(', ')}
          FROM conversations WHERE userId = ?4 AND conversationId = ?5`,
      )
      .bind(conversationId, title, now, userId, sourceId),
  ];
  const copiedColumns = COPIED_MESSAGE_COLUMNS.map((name) => `m.${name}`).join(', ');
  for (let start = 0; start < mapping.length; start += DUPLICATE_MESSAGES_PER_STATEMENT) {
    const chunk = mapping.slice(start, start + DUPLICATE_MESSAGES_PER_STATEMENT);
    statements.push(
      d1
        .prepare(
          `INSERT INTO messages (messageId, conversationId, userId, parentMessageId, ${COPIED_MESSAGE_COLUMNS.join(', ')})
            SELECT json_extract(j.value, '$[1]'), ?1, m.userId, json_extract(j.value, '$[2]'), ${copiedColumns}
            FROM json_each(?2) AS j JOIN messages AS m ON m.messageId = json_extract(j.value, '$[0]')
            WHERE m.conversationId = ?3 AND m.userId = ?4
            ORDER BY j.key`,
        )
        .bind(conversationId, JSON.stringify(chunk), sourceId, userId),
    );
  }
  await d1.batch(statements);
  return { outcome: 'duplicated', conversationId };
}
