import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { db } from './client';
import { conversations } from './schema';
import { clampLimit, decodeCursor, encodeCursor, InvalidCursorError, type SqlQuery } from './paging';

/** A conversation as the sidebar lists it (the fields LibreChat's list returns). */
export interface ConversationListItem {
  conversationId: string;
  title: string;
  endpoint: string | null;
  endpointType: string | null;
  model: string | null;
  agent_id: string | null;
  assistant_id: string | null;
  spec: string | null;
  iconURL: string | null;
  isArchived: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds. */
  updatedAt: number;
}

export interface ConversationPage {
  conversations: ConversationListItem[];
  /** Pass back as `cursor` for the next page; `null` on the last page. */
  nextCursor: string | null;
}

export interface ListConversationsOptions {
  /** Page size, clamped to [1, MAX_CONVERSATION_PAGE]. */
  limit: number;
  /** `nextCursor` of the previous page. */
  cursor?: string | null;
  /** The archive instead of the sidebar (default false). */
  isArchived?: boolean;
}

export const DEFAULT_CONVERSATION_PAGE = 25;
export const MAX_CONVERSATION_PAGE = 100;

/** A list row as D1 returns it: the item with `isArchived` still 0/1. */
type ConversationRow = Omit<ConversationListItem, 'isArchived'> & { isArchived: number };

/** The position after which a page starts: the last row of the previous page. */
interface ListPosition {
  updatedAt: number;
  conversationId: string;
}

function parseListCursor(cursor: string): ListPosition {
  const values = decodeCursor(cursor);
  const [updatedAt, conversationId] = values ?? [];
  if (
    values?.length !== 2 ||
    typeof updatedAt !== 'number' ||
    !Number.isSafeInteger(updatedAt) ||
    typeof conversationId !== 'string' ||
    conversationId.length === 0
  ) {
    throw new InvalidCursorError();
  }
  return { updatedAt, conversationId };
}

const LIST_COLUMNS =
  'conversationId, title, endpoint, endpointType, model, agent_id, assistant_id, spec, iconURL, isArchived, createdAt, updatedAt';

/**
 * The query behind `listConversations`, exposed so tests and the benchmark can read its
 * `meta.rows_read` and query plan. It asks for `limit + 1` rows to know whether a next page
 * exists.
 *
 * The plan is one seek in `conversations_list_idx` (partial: `expiredAt IS NULL`, repeated
 * here so the planner may use it): equality on (userId, isArchived), then the row-value range
 * `(updatedAt, conversationId) < (?, ?)` walked backwards, so there is no sort and a page
 * reads about `limit + 1` index entries and as many rows, wherever it starts. The id breaks
 * ties between equal `updatedAt` values so no conversation is skipped or repeated.
 * Temporary chats are not listed (as in LibreChat).
 */
export function listConversationsQuery(userId: string, options: ListConversationsOptions): SqlQuery {
  const limit = clampLimit(options.limit, MAX_CONVERSATION_PAGE, DEFAULT_CONVERSATION_PAGE);
  const archived = options.isArchived === true ? 1 : 0;
  const after = options.cursor ? parseListCursor(options.cursor) : null;
  const base = `SELECT ${LIST_COLUMNS} FROM conversations
    WHERE userId = ?1 AND isArchived = ?2 AND expiredAt IS NULL`;
  const order = 'ORDER BY updatedAt DESC, conversationId DESC LIMIT ?3';
  if (after === null) {
    return { sql: `${base} ${order}`, params: [userId, archived, limit + 1] };
  }
  return {
    sql: `${base} AND (updatedAt, conversationId) < (?4, ?5) ${order}`,
    params: [userId, archived, limit + 1, after.updatedAt, after.conversationId],
  };
}

/** `listConversationsQuery` prepared on `d1`. */
export function listConversationsStatement(
  d1: D1Database,
  userId: string,
  options: ListConversationsOptions,
): D1PreparedStatement {
  const { sql, params } = listConversationsQuery(userId, options);
  return d1.prepare(sql).bind(...params);
}

/**
 * One page of the user's conversations, most recently updated first (keyset pagination on
 * (updatedAt, conversationId)). Throws `InvalidCursorError` for a cursor we did not issue.
 */
export async function listConversations(
  d1: D1Database,
  userId: string,
  options: ListConversationsOptions,
): Promise<ConversationPage> {
  const limit = clampLimit(options.limit, MAX_CONVERSATION_PAGE, DEFAULT_CONVERSATION_PAGE);
  const { results } = await listConversationsStatement(d1, userId, options).all<ConversationRow>();
  const page = results.slice(0, limit).map(
    (row): ConversationListItem => ({ ...row, isArchived: row.isArchived === 1 }),
  );
  const last = page.at(-1);
  const nextCursor =
    results.length > limit && last ? encodeCursor([last.updatedAt, last.conversationId]) : null;
  return { conversations: page, nextCursor };
}

// One conversation --------------------------------------------------------------------------

/** A stored conversation with its tags (drizzle maps booleans and JSON options). */
export type ConversationWithTags = typeof conversations.$inferSelect & { tags: string[] };

/**
 * The user's conversation by id, with its tag names, in one statement (the tags are a
 * correlated subquery on `conversation_tags_pk`); undefined when it is not theirs, does not
 * exist, or is an expired temporary chat (gone for the API even before the cleanup runs).
 */
export async function findConversation(
  d1: D1Database,
  userId: string,
  conversationId: string,
  now = Date.now(),
): Promise<ConversationWithTags | undefined> {
  const row = await db({ DB: d1 })
    .select({
      ...getTableColumns(conversations),
      // Qualified by hand: drizzle renders its column references unqualified in a one-table
      // select, and inside the subquery an unqualified name would bind to conversation_tags
      // itself (every tag of every user).
      tags: sql<string>`(SELECT json_group_array(ct.tag) FROM conversation_tags AS ct
        WHERE ct.conversationId = conversations.conversationId AND ct.userId = conversations.userId)`,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.conversationId, conversationId),
        or(isNull(conversations.expiredAt), gt(conversations.expiredAt, now)),
      ),
    )
    .get();
  if (!row) return undefined;
  const tags: unknown = JSON.parse(row.tags);
  return { ...row, tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [] };
}
