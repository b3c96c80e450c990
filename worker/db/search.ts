import { clampLimit, decodeCursor, encodeCursor, InvalidCursorError, type SqlQuery } from './paging';

/*
 * Full-text search over the FTS5 table `search_index` (migration 0001), which triggers keep in
 * step with messages (text, or text parts of content) and conversation titles.
 */

/**
 * Default snippet markers around each matched term: STX/ETX control characters, which chat
 * text does not contain, so the client can split on them and render highlights as elements,
 * never as HTML (the text around them is user content and is not escaped here).
 */
export const SNIPPET_MARK_START = '\u0002';
export const SNIPPET_MARK_END = '\u0003';
/** Marks text cut off before or after the snippet. */
export const SNIPPET_ELLIPSIS = '…';

export const DEFAULT_SEARCH_PAGE = 25;
export const MAX_SEARCH_PAGE = 100;
/** Bounds on what a query may cost: characters read and terms kept. */
const MAX_QUERY_LENGTH = 500;
const MAX_QUERY_TERMS = 16;
/** A one-character prefix expands to a large part of the vocabulary; match it exactly. */
const MIN_PREFIX_LENGTH = 2;
/** Tokens around the match in a snippet (FTS5 caps this at 64). */
const SNIPPET_TOKENS = 24;

export interface SearchHit {
  /** A message whose text matched, or a conversation whose title matched. */
  kind: 'message' | 'conversation';
  /** `null` for a title hit. */
  messageId: string | null;
  conversationId: string;
  /** The conversation's title. */
  title: string;
  /** The matched text around the match, terms wrapped in the markers. */
  snippet: string;
  /** Message fields, `null` for a title hit. */
  sender: string | null;
  isCreatedByUser: boolean | null;
  endpoint: string | null;
  model: string | null;
  /** The message's creation time, or the conversation's for a title hit (epoch ms). */
  createdAt: number;
  /** The message's last change, or the conversation's for a title hit (epoch ms). */
  updatedAt: number;
  /** The whole message as stored, `null` for a title hit (read with the same row lookup). */
  message: {
    parentMessageId: string | null;
    text: string;
    /** The stored content parts, JSON text. */
    content: string | null;
    iconURL: string | null;
  } | null;
}

export interface SearchPage {
  results: SearchHit[];
  /** Pass back as `cursor` for the next page; `null` on the last page. */
  nextCursor: string | null;
}

export interface SearchOptions {
  /** Page size, clamped to [1, MAX_SEARCH_PAGE]. */
  limit: number;
  /** `nextCursor` of the previous page. */
  cursor?: string | null;
  /** Also return conversations whose title matched (after all message hits). Default true. */
  includeTitles?: boolean;
  /** Only hits in this conversation (still the user's: the owner checks stay). */
  conversationId?: string | null;
  /** Markers around matched terms; default STX/ETX. */
  markers?: { start: string; end: string };
}

/**
 * Turns what a user typed into an FTS5 expression that cannot be a syntax error and cannot
 * use operators: every whitespace-separated term becomes a quoted string (inner quotes
 * doubled), so `OR`, `NEAR(`, `col:`, `*`, `^` and stray quotes are plain text. Terms are
 * ANDed; the last one matches as a prefix (from two characters), for search-as-you-type.
 * Terms without a letter or digit are dropped (the tokenizer would index nothing for them).
 * Returns `null` when nothing searchable remains.
 */
export function toFtsQuery(input: string): string | null {
  const terms = input
    .slice(0, MAX_QUERY_LENGTH)
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/u)
    .filter((term) => /[\p{L}\p{N}]/u.test(term))
    .slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return terms
    .map((term, index) => (index === last && [...term].length >= MIN_PREFIX_LENGTH ? `${quote(term)}*` : quote(term)))
    .join(' ');
}

/** An FTS5 string: inside double quotes every character is literal, except `"` written `""`. */
function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The full MATCH expression: the user's terms, searched in `body` only, ANDed with the
 * owner token (the user id without dashes, as the triggers index it) so FTS5 only walks this
 * user's documents.
 */
function matchExpression(userId: string, terms: string): string {
  return `owner : ${quote(userId.replaceAll('-', ''))} AND body : ( ${terms} )`;
}

interface SearchRow {
  docid: number;
  kind: string;
  conversationId: string;
  messageId: string | null;
  snippet: string | null;
  title: string;
  sender: string | null;
  isCreatedByUser: number | null;
  endpoint: string | null;
  model: string | null;
  createdAt: number;
  updatedAt: number;
  parentMessageId: string | null;
  text: string | null;
  content: string | null;
  iconURL: string | null;
}

function parseSearchCursor(cursor: string): number {
  const values = decodeCursor(cursor);
  const docid = values?.[0];
  if (values?.length !== 1 || typeof docid !== 'number' || !Number.isSafeInteger(docid)) {
    throw new InvalidCursorError();
  }
  return docid;
}

/**
 * The query behind `searchMessages`, or `null` when the query has nothing searchable. FTS5
 * walks its index in descending rowid order and stops after `limit + 1` rows of this user,
 * so a page costs about its size whatever the total number of matches; the cursor is the
 * last rowid returned.
 *
 * Ownership is enforced three times: the owner token in the MATCH (which also keeps other
 * users' matches from being read at all), the index row's exact `userId`, and the join to the
 * conversation on (userId, conversationId). Messages of temporary chats are not returned
 * (they are not part of the history). The FTS table is not aliased: MATCH and snippet() name
 * it.
 */
export function searchMessagesQuery(userId: string, query: string, options: SearchOptions): SqlQuery | null {
  const terms = toFtsQuery(query);
  if (terms === null) return null;
  const match = matchExpression(userId, terms);
  const limit = clampLimit(options.limit, MAX_SEARCH_PAGE, DEFAULT_SEARCH_PAGE);
  const before = options.cursor ? parseSearchCursor(options.cursor) : null;
  const markers = options.markers ?? { start: SNIPPET_MARK_START, end: SNIPPET_MARK_END };
  const conditions = ['search_index MATCH ?1', 'search_index.userId = ?2', 'c.expiredAt IS NULL'];
  if (options.includeTitles === false) conditions.push('search_index.rowid > 0');
  // Numbered parameters: the cursor is ?7 when present, the conversation the next one.
  const params: (string | number)[] = [match, userId, markers.start, markers.end, SNIPPET_ELLIPSIS, limit + 1];
  if (before !== null) {
    params.push(before);
    conditions.push(`search_index.rowid < ?${params.length}`);
  }
  if (options.conversationId) {
    params.push(options.conversationId);
    conditions.push(`search_index.conversationId = ?${params.length}`);
  }
  const sql = `SELECT
      search_index.rowid AS docid,
      search_index.kind AS kind,
      search_index.conversationId AS conversationId,
      search_index.messageId AS messageId,
      snippet(search_index, 0, ?3, ?4, ?5, ${SNIPPET_TOKENS}) AS snippet,
      c.title AS title,
      m.sender AS sender,
      m.isCreatedByUser AS isCreatedByUser,
      m.endpoint AS endpoint,
      m.model AS model,
      coalesce(m.createdAt, c.createdAt) AS createdAt,
      coalesce(m.updatedAt, c.updatedAt) AS updatedAt,
      m.parentMessageId AS parentMessageId,
      m.text AS text,
      m.content AS content,
      m.iconURL AS iconURL
    FROM search_index
    JOIN conversations AS c
      ON c.userId = search_index.userId AND c.conversationId = search_index.conversationId
    LEFT JOIN messages AS m
      ON search_index.kind = 'message' AND m.seq = search_index.rowid AND m.userId = search_index.userId
    WHERE ${conditions.join(' AND ')}
    ORDER BY search_index.rowid DESC
    LIMIT ?6`;
  return { sql, params };
}

/** A page and what it cost: D1's `rows_read` and the query's own duration (benchmarks report both). */
export interface MeasuredSearchPage extends SearchPage {
  rowsRead: number;
  durationMs: number;
}

/**
 * `searchMessages` with its D1 cost, for `npm run bench` (rows read by a search over a large
 * history) and for tests that guard the cost. Zero rows and zero time when the query has
 * nothing searchable (no statement is sent).
 */
export async function measureSearchMessages(
  d1: D1Database,
  userId: string,
  query: string,
  options: SearchOptions,
): Promise<MeasuredSearchPage> {
  const built = searchMessagesQuery(userId, query, options);
  if (built === null) return { results: [], nextCursor: null, rowsRead: 0, durationMs: 0 };
  const limit = clampLimit(options.limit, MAX_SEARCH_PAGE, DEFAULT_SEARCH_PAGE);
  const { results, meta } = await d1
    .prepare(built.sql)
    .bind(...built.params)
    .all<SearchRow>();
  const page = results.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = results.length > limit && last ? encodeCursor([last.docid]) : null;
  return { results: page.map(toHit), nextCursor, rowsRead: meta.rows_read, durationMs: meta.duration };
}

/**
 * Searches the user's messages (and conversation titles) for `query`, newest message first,
 * then matching titles. Hostile input is neutralised by `toFtsQuery`; a query with nothing
 * searchable returns an empty page. Throws `InvalidCursorError` for a cursor we did not issue.
 */
export async function searchMessages(
  d1: D1Database,
  userId: string,
  query: string,
  options: SearchOptions,
): Promise<SearchPage> {
  const { results, nextCursor } = await measureSearchMessages(d1, userId, query, options);
  return { results, nextCursor };
}

function toHit(row: SearchRow): SearchHit {
  const isMessage = row.kind !== 'conversation';
  return {
    kind: isMessage ? 'message' : 'conversation',
    messageId: row.messageId,
    conversationId: row.conversationId,
    title: row.title,
    snippet: row.snippet ?? '',
    sender: row.sender,
    isCreatedByUser: row.isCreatedByUser === null ? null : row.isCreatedByUser === 1,
    endpoint: row.endpoint,
    model: row.model,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    message: isMessage
      ? { parentMessageId: row.parentMessageId, text: row.text ?? '', content: row.content, iconURL: row.iconURL }
      : null,
  };
}
