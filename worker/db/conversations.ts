import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { db } from './client';
import { conversations } from './schema';
import { clampLimit, decodeCursor, encodeCursor, InvalidCursorError, type SqlQuery } from './paging';
import { decodeRow, prepareSql } from './raw-batch';

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
  /** Only conversations carrying at least one of these tags. */
  tags?: readonly string[];
  /**
   * With `tags`: read the tags' links first instead of walking the list (see
   * `listConversationsQuery`). `listConversations` decides from the tags' counts.
   */
  driveFromTags?: boolean;
  /** Only conversations whose title contains this, in any case (the archive's search box). */
  titleSearch?: string;
  /** Default `updatedAt`. */
  sortBy?: ListSortField;
  /** Default `desc`. */
  sortDirection?: 'asc' | 'desc';
}

export type ListSortField = 'updatedAt' | 'createdAt' | 'title';

export const DEFAULT_CONVERSATION_PAGE = 25;
/**
 * Up to this many links, a tag-filtered page is read through the links (≈ 4 rows read per
 * link, so ≤ ~1,000); above it the tags cover enough conversations that walking the list
 * index finds a page quickly.
 */
export const TAG_LINKS_DRIVE_MAX = 250;
export const MAX_CONVERSATION_PAGE = 100;

/** A list row as D1 returns it: the item with `isArchived` still 0/1. */
type ConversationRow = Omit<ConversationListItem, 'isArchived'> & { isArchived: number };

/** The position after which a page starts: the sort value and id of the previous page's last row. */
interface ListPosition {
  value: number | string;
  conversationId: string;
}

/**
 * A cursor holds `[sortValue, conversationId]`; the value's type must match the sort (a
 * number for the dates, a string for the title), so a cursor of another sort is refused.
 */
function parseListCursor(cursor: string, sortBy: ListSortField): ListPosition {
  const values = decodeCursor(cursor);
  const [value, conversationId] = values ?? [];
  const valueFits =
    sortBy === 'title' ? typeof value === 'string' : typeof value === 'number' && Number.isSafeInteger(value);
  if (values?.length !== 2 || !valueFits || typeof conversationId !== 'string' || conversationId.length === 0) {
    throw new InvalidCursorError();
  }
  return { value: value as number | string, conversationId };
}

const LIST_COLUMNS =
  'conversationId, title, endpoint, endpointType, model, agent_id, assistant_id, spec, iconURL, isArchived, createdAt, updatedAt';

/**
 * The query behind `listConversations`, exposed so tests and the benchmark can read its
 * `meta.rows_read` and query plan. It asks for `limit + 1` rows to know whether a next page
 * exists.
 *
 * The default plan (by updatedAt, either direction) is one seek in `conversations_list_idx`
 * (partial: `expiredAt IS NULL`, repeated here so the planner may use it): equality on
 * (userId, isArchived), then the row-value range `(updatedAt, conversationId) < (?, ?)` walked
 * in index order, so there is no sort and a page reads about `limit + 1` index entries and as
 * many rows, wherever it starts. The id breaks ties between equal sort values so no
 * conversation is skipped or repeated. Sorting by createdAt or title has no index of its own:
 * it reads the user's (archived or not) conversations and sorts them, which the archive
 * table asks for rarely.
 *
 * A tag filter either walks the list index and probes each row's links
 * (`conversation_tags_pk`), or reads the user's links to those tags first
 * (`conversation_tags_user_tag_idx`). Walking is cheap for a tag on many conversations, but
 * reads every untagged conversation before the tagged ones of a rare tag (measured: 290 rows
 * for a page of a tag on 1 in 10 of 300). So for a tag on few conversations
 * (`driveFromTags`) the links drive the query: one lookup per linked conversation and a sort,
 * about 4 rows read per link, whatever the list's size.
 * Temporary chats are not listed (as in LibreChat).
 */
export function listConversationsQuery(userId: string, options: ListConversationsOptions): SqlQuery {
  const limit = clampLimit(options.limit, MAX_CONVERSATION_PAGE, DEFAULT_CONVERSATION_PAGE);
  const archived = options.isArchived === true ? 1 : 0;
  const sortBy: ListSortField = options.sortBy ?? 'updatedAt';
  const direction = options.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const after = options.cursor ? parseListCursor(options.cursor, sortBy) : null;
  const params: (string | number)[] = [userId, archived, limit + 1];
  const tags = options.tags ?? [];
  const viaLinks = tags.length > 0 && options.driveFromTags === true;
  // Driven by the links, the unary `+` keeps the planner off conversations_list_idx.
  const where = viaLinks
    ? ['+userId = ?1', '+isArchived = ?2', 'expiredAt IS NULL']
    : ['userId = ?1', 'isArchived = ?2', 'expiredAt IS NULL'];
  if (after !== null) {
    params.push(after.value, after.conversationId);
    where.push(`(${sortBy}, conversationId) ${direction === 'DESC' ? '<' : '>'} (?4, ?5)`);
  }
  if (tags.length > 0) {
    const placeholders = tags
      .map((tag) => {
        params.push(tag);
        return `?${params.length}`;
      })
      .join(', ');
    where.push(
      viaLinks
        ? `conversationId IN (SELECT ct.conversationId FROM conversation_tags AS ct WHERE ct.userId = ?1 AND ct.tag IN (${placeholders}))`
        : // Per listed row, a probe of conversation_tags_pk (conversationId, tag). No userId
          // needed: the links' foreign key ties them to this (user's) conversation.
          `EXISTS (SELECT 1 FROM conversation_tags AS ct WHERE ct.conversationId = conversations.conversationId AND ct.tag IN (${placeholders}))`,
    );
  }
  if (options.titleSearch) {
    // LIKE is case-insensitive for ASCII; its wildcards in the text are matched as themselves.
    params.push(`%${options.titleSearch.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    where.push(`title LIKE ?${params.length} ESCAPE '\\'`);
  }
  return {
    sql: `SELECT ${LIST_COLUMNS} FROM conversations
    WHERE ${where.join(' AND ')} ORDER BY ${sortBy} ${direction}, conversationId ${direction} LIMIT ?3`,
    params,
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
 * The options with the tag filter's plan chosen (see listConversationsQuery): for a filter by
 * tags, a few rows read (tags.count is kept by triggers); without one, the options as they are.
 */
export async function planConversationList(
  d1: D1Database,
  userId: string,
  options: ListConversationsOptions,
): Promise<ListConversationsOptions> {
  const tags = options.tags ?? [];
  if (tags.length === 0 || options.driveFromTags !== undefined) return options;
  const row = await d1
    .prepare(
      `SELECT coalesce(sum(count), 0) AS links FROM tags WHERE userId = ?1 AND tag IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(tags))
    .first<{ links: number }>();
  return { ...options, driveFromTags: (row?.links ?? 0) <= TAG_LINKS_DRIVE_MAX };
}

/** The page of listConversationsStatement's result (for those options), with the next page's cursor. */
export function conversationPageOf(
  result: D1Result<unknown> | undefined,
  options: ListConversationsOptions,
): ConversationPage {
  const limit = clampLimit(options.limit, MAX_CONVERSATION_PAGE, DEFAULT_CONVERSATION_PAGE);
  const results = (result?.results ?? []) as ConversationRow[];
  const page = results
    .slice(0, limit)
    .map((row): ConversationListItem => ({ ...row, isArchived: row.isArchived === 1 }));
  const last = page.at(-1);
  const sortBy = options.sortBy ?? 'updatedAt';
  const nextCursor = results.length > limit && last ? encodeCursor([last[sortBy], last.conversationId]) : null;
  return { conversations: page, nextCursor };
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
  const planned = await planConversationList(d1, userId, options);
  return conversationPageOf(await listConversationsStatement(d1, userId, planned).all(), options);
}

// One conversation --------------------------------------------------------------------------

/** A stored conversation with its tags (drizzle maps booleans and JSON options). */
export type ConversationWithTags = typeof conversations.$inferSelect & { tags: string[] };

/**
 * The user's conversation by id, with its tag names, in one statement (the tags are a
 * correlated subquery on `conversation_tags_pk`): no row when it is not theirs, does not exist,
 * or is an expired temporary chat (gone for the API even before the cleanup runs). For a batch
 * of the caller's; its row is read with {@link conversationWithTags}.
 */
export function conversationStatement(
  d1: D1Database,
  userId: string,
  conversationId: string,
  now = Date.now(),
): D1PreparedStatement {
  const query = db({ DB: d1 })
    .select({
      ...getTableColumns(conversations),
      // Qualified by hand: drizzle renders its column references unqualified in a one-table
      // select, and inside the subquery an unqualified name would bind to conversation_tags
      // itself (every tag of every user).
      tags: sql<string>`(SELECT json_group_array(ct.tag) FROM conversation_tags AS ct
        WHERE ct.conversationId = conversations.conversationId AND ct.userId = conversations.userId)`.as('tags'),
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.conversationId, conversationId),
        or(isNull(conversations.expiredAt), gt(conversations.expiredAt, now)),
      ),
    );
  return prepareSql(d1, query);
}

/** A row of {@link conversationStatement} as drizzle would decode it, with its tag names. */
export function conversationWithTags(raw: Record<string, unknown>): ConversationWithTags {
  const tags: unknown = typeof raw.tags === 'string' ? JSON.parse(raw.tags) : [];
  return {
    ...decodeRow(conversations, raw),
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
  };
}

/** The user's conversation by id, with its tag names (see conversationStatement); undefined when it is not theirs. */
export async function findConversation(
  d1: D1Database,
  userId: string,
  conversationId: string,
  now = Date.now(),
): Promise<ConversationWithTags | undefined> {
  const raw = await conversationStatement(d1, userId, conversationId, now).first<Record<string, unknown>>();
  return raw ? conversationWithTags(raw) : undefined;
}
