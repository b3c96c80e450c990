/**
 * Shared links. Owner-side statements all take the user id: another user's link is
 * indistinguishable from a missing one. A link stores the ids of the messages it shows
 * (`messageIds`, taken when it is created or refreshed), so messages added later stay
 * private. The title shown is the conversation's current one (titles arrive a few seconds
 * after the first reply, often after the link was made).
 */
import type { ListSharedLinksQuery } from '../contract/share';
import { decodeCursor, encodeCursor, InvalidCursorError, type SqlQuery } from './paging';

/*
 * Every statement binds "now" (epoch ms) as ?1, so the shared fragments below can use it.
 */

/** The ids of the conversation's live messages, as a JSON array (the snapshot). */
const SNAPSHOT_SQL = (link: string) => `(SELECT json_group_array(m.messageId) FROM messages AS m
  WHERE m.conversationId = ${link}.conversationId AND m.userId = ${link}.userId
    AND (m.expiredAt IS NULL OR m.expiredAt > ?1))`;

/** A conversation that is gone for the API (expired temporary chat) has no live link either. */
const LIVE_CONVERSATION = '(c.expiredAt IS NULL OR c.expiredAt > ?1)';

export interface SharedLinkRow {
  shareId: string;
  conversationId: string;
  title: string;
  isPublic: number;
  createdAt: number;
  updatedAt: number;
}

export interface SharedLinkPage {
  links: SharedLinkRow[];
  nextCursor: string | null;
}

function parseCursor(cursor: string, sortBy: ListSharedLinksQuery['sortBy']): [number | string, string] {
  const values = decodeCursor(cursor);
  const [key, shareId] = values ?? [];
  const keyValid = sortBy === 'title' ? typeof key === 'string' : typeof key === 'number' && Number.isSafeInteger(key);
  if (values?.length !== 2 || !keyValid || typeof shareId !== 'string' || shareId === '')
    throw new InvalidCursorError();
  return [key as number | string, shareId];
}

/** `LIKE` matches `%` and `_` as wildcards; a search for them means the characters. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page of the user's links, keyset-paginated on (sort key, shareId) so a page costs about
 * `pageSize` rows wherever it starts. Throws `InvalidCursorError` for a cursor we did not
 * issue (or one issued for another sort).
 */
export async function listSharedLinks(
  d1: D1Database,
  userId: string,
  query: ListSharedLinksQuery,
  now = Date.now(),
): Promise<SharedLinkPage> {
  const key = query.sortBy === 'title' ? 'c.title' : 's.createdAt';
  const direction = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const params: (string | number)[] = [now];
  const bind = (value: string | number) => `?${params.push(value)}`;
  const conditions = [`s.userId = ${bind(userId)}`, LIVE_CONVERSATION];
  if (query.isPublic !== undefined) conditions.push(`s.isPublic = ${bind(query.isPublic ? 1 : 0)}`);
  if (query.search) conditions.push(`c.title LIKE ${bind(likePattern(query.search))} ESCAPE '\\'`);
  if (query.cursor) {
    const [afterKey, afterId] = parseCursor(query.cursor, query.sortBy);
    conditions.push(`(${key}, s.shareId) ${direction === 'ASC' ? '>' : '<'} (${bind(afterKey)}, ${bind(afterId)})`);
  }
  const limit = bind(query.pageSize + 1);
  const { results } = await d1
    .prepare(
      `SELECT s.shareId, s.conversationId, c.title AS title, s.isPublic, s.createdAt, s.updatedAt
       FROM shared_links AS s
       JOIN conversations AS c ON c.userId = s.userId AND c.conversationId = s.conversationId
       WHERE ${conditions.join(' AND ')}
       ORDER BY ${key} ${direction}, s.shareId ${direction} LIMIT ${limit}`,
    )
    .bind(...params)
    .all<SharedLinkRow>();
  const links = results.slice(0, query.pageSize);
  const last = links.at(-1);
  const nextCursor =
    results.length > query.pageSize && last
      ? encodeCursor([query.sortBy === 'title' ? last.title : last.createdAt, last.shareId])
      : null;
  return { links, nextCursor };
}

/** The user's public link for the conversation, if any. */
export async function findShareIdForConversation(
  d1: D1Database,
  userId: string,
  conversationId: string,
): Promise<string | undefined> {
  const row = await d1
    .prepare('SELECT shareId FROM shared_links WHERE conversationId = ?1 AND userId = ?2 AND isPublic = 1')
    .bind(conversationId, userId)
    .first<{ shareId: string }>();
  return row?.shareId;
}

export type CreateShareOutcome = { status: 'created' | 'exists'; shareId: string } | { status: 'no_conversation' };

/**
 * Creates the link with its snapshot in one statement, only for a live conversation of the
 * user. A conversation has at most one public link (unique index), so a second request — a
 * double click, another tab — gets the existing link instead of an error. One batch, so the
 * answer is read in the same transaction as the insert.
 */
export async function createSharedLink(
  d1: D1Database,
  userId: string,
  conversationId: string,
  shareId: string,
  now = Date.now(),
): Promise<CreateShareOutcome> {
  const [insert, existing] = await d1.batch<{ shareId: string }>([
    d1
      .prepare(
        `INSERT INTO shared_links (shareId, userId, conversationId, title, isPublic, messageIds, createdAt, updatedAt)
         SELECT ?2, c.userId, c.conversationId, c.title, 1, ${SNAPSHOT_SQL('c')}, ?1, ?1
         FROM conversations AS c
         WHERE c.userId = ?3 AND c.conversationId = ?4 AND ${LIVE_CONVERSATION}
         ON CONFLICT DO NOTHING`,
      )
      .bind(now, shareId, userId, conversationId),
    d1
      .prepare('SELECT shareId FROM shared_links WHERE conversationId = ?1 AND userId = ?2 AND isPublic = 1')
      .bind(conversationId, userId),
  ]);
  const stored = existing?.results[0]?.shareId;
  if (!stored) return { status: 'no_conversation' };
  return { status: insert?.meta.changes === 1 ? 'created' : 'exists', shareId: stored };
}

/**
 * Gives the user's link a new id and a fresh snapshot (LibreChat's refresh). The old id stops
 * resolving in the same statement. Answers the conversation id, or undefined when the link is
 * not the user's.
 */
export async function refreshSharedLink(
  d1: D1Database,
  userId: string,
  shareId: string,
  newShareId: string,
  now = Date.now(),
): Promise<{ conversationId: string } | undefined> {
  const row = await d1
    .prepare(
      `UPDATE shared_links SET shareId = ?2, messageIds = ${SNAPSHOT_SQL('shared_links')},
         title = (SELECT c.title FROM conversations AS c
           WHERE c.userId = shared_links.userId AND c.conversationId = shared_links.conversationId),
         updatedAt = ?1
       WHERE shareId = ?3 AND userId = ?4
       RETURNING conversationId`,
    )
    .bind(now, newShareId, shareId, userId)
    .first<{ conversationId: string }>();
  return row ?? undefined;
}

/** Deletes the user's link; answers whether it existed. */
export async function deleteSharedLink(d1: D1Database, userId: string, shareId: string): Promise<boolean> {
  const result = await d1
    .prepare('DELETE FROM shared_links WHERE shareId = ?1 AND userId = ?2')
    .bind(shareId, userId)
    .run();
  return result.meta.changes > 0;
}

// The public side: by share id alone ----------------------------------------------------------

/** What decides whether a rendered copy of the share is still right. */
export interface ShareHead {
  shareId: string;
  /** The real id: for the owner's side and pseudonyms only, never shown to a viewer. */
  conversationId: string;
  title: string;
  createdAt: number;
  /** The link's (refresh) and the conversation's (rename) last change, whichever is later. */
  updatedAt: number;
}

const HEAD_SQL = `SELECT s.shareId, s.conversationId, c.title AS title, s.createdAt,
    max(s.updatedAt, c.updatedAt) AS updatedAt
  FROM shared_links AS s
  JOIN conversations AS c ON c.userId = s.userId AND c.conversationId = s.conversationId
  WHERE s.shareId = ?2 AND s.isPublic = 1 AND ${LIVE_CONVERSATION}`;

/** The link's head (two index lookups): used to validate a cached page before serving it. */
export async function findShareHead(d1: D1Database, shareId: string, now = Date.now()): Promise<ShareHead | undefined> {
  const row = await d1.prepare(HEAD_SQL).bind(now, shareId).first<ShareHead>();
  return row ?? undefined;
}

/** The message columns a viewer may see (see contract/share.ts `sharedMessageSchema`). */
export interface SharedMessageRow {
  seq: number;
  messageId: string;
  parentMessageId: string | null;
  sender: string | null;
  text: string;
  content: string | null;
  isCreatedByUser: number;
  endpoint: string | null;
  model: string | null;
  error: number;
  unfinished: number;
  finish_reason: string | null;
  iconURL: string | null;
  /** JSON of the message's file references (see services/share/shared-conversation.ts). */
  files: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * The snapshot's messages of a public link, unsorted (`findSharedConversation` sorts them);
 * exposed so tests can read its `meta.rows_read`. The messages are found through
 * `messages_id_unique` by the snapshot's ids, so rows read ≈ the snapshot's size; the owner and conversation are re-checked on every row. The unary `+` keeps the
 * planner off `messages_user_idx`, which it otherwise picks and which reads every message
 * the owner has (measured: 81 rows for a 5-message share of a user with 55 messages).
 */
export function sharedMessagesQuery(shareId: string, now = Date.now()): SqlQuery {
  return {
    sql: `SELECT m.seq, m.messageId, m.parentMessageId, m.sender, m.text, m.content, m.isCreatedByUser, m.endpoint,
        m.model, m.error, m.unfinished, m.finish_reason, m.iconURL, m.files, m.createdAt, m.updatedAt
      FROM shared_links AS s
      JOIN messages AS m ON m.messageId IN (SELECT value FROM json_each(s.messageIds))
      WHERE s.shareId = ?2 AND s.isPublic = 1 AND +m.conversationId = s.conversationId AND +m.userId = s.userId
        AND (m.expiredAt IS NULL OR m.expiredAt > ?1)`,
    params: [now, shareId],
  };
}

function prepare(d1: D1Database, query: SqlQuery): D1PreparedStatement {
  return d1.prepare(query.sql).bind(...query.params);
}

/** The link's head and its snapshot's messages, oldest first, in one batch (one round trip). */
export async function findSharedConversation(
  d1: D1Database,
  shareId: string,
  now = Date.now(),
): Promise<{ head: ShareHead; messages: SharedMessageRow[] } | undefined> {
  const [head, messages] = await d1.batch<Record<string, unknown>>([
    d1.prepare(HEAD_SQL).bind(now, shareId),
    prepare(d1, sharedMessagesQuery(shareId, now)),
  ]);
  const headRow = head?.results[0] as ShareHead | undefined;
  if (!headRow) return undefined;
  const rows = (messages?.results ?? []) as unknown as SharedMessageRow[];
  // Sorted here: an ORDER BY would sort in a temp b-tree, which D1 bills as a second read.
  rows.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
  return { head: headRow, messages: rows };
}
