/*
 * Bookmark queries (tables `tags` and `conversation_tags`). Every statement is scoped by the
 * user id, and every change is one D1 batch (one transaction), so a refused request changes
 * nothing and positions never end half-shifted.
 *
 * Invariants kept here:
 * - Positions are dense and 1-based (1…n, LibreChat numbers its first bookmark 1): a new
 *   bookmark goes last, a move shifts the ones in between, a delete closes the gap.
 * - `count` is written by the triggers on `conversation_tags` (migration 0001); the only
 *   direct write is `rebuildTags`, the repair that recomputes it from the links.
 * - Tag names in SQL travel as one JSON parameter (`json_each`), so a request with many
 *   names never meets D1's 100-bound-parameter limit.
 */

/** A stored bookmark, as raw D1 rows give it (all columns are plain SQLite values). */
export interface TagRow {
  id: string;
  userId: string;
  tag: string;
  description: string | null;
  count: number;
  position: number;
  createdAt: number;
  updatedAt: number;
}

const NOW_MS = `cast(unixepoch('subsec') * 1000 as integer)`;

/** The conversation is the user's and not an expired temporary chat (gone for the API). */
const LIVE_CONVERSATION = (user: string, conversation: string, now: string) => `EXISTS (
  SELECT 1 FROM conversations AS c WHERE c.userId = ${user} AND c.conversationId = ${conversation}
    AND (c.expiredAt IS NULL OR c.expiredAt > ${now}))`;

const SELECT_TAGS = 'SELECT * FROM tags WHERE userId = ?1 ORDER BY position, tag';

/**
 * Gives a user without any bookmark the default one (`savedTag`, first place), before any
 * read or write of their bookmarks, so the default exists however the user first comes to
 * bookmarks. Only when the user has none: a user who deleted it while keeping others is not
 * given it back. Concurrent calls are harmless (the unique name index turns the second insert
 * into nothing). `guard`, an SQL condition on ?1 (the user), skips the seed for a request
 * that will be refused, so a refusal writes nothing at all.
 */
function seedDefault(
  d1: D1Database,
  userId: string,
  savedTag: string,
  guard = 'true',
  ...guardParams: unknown[]
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO tags (id, userId, tag, position)
       SELECT ?2, ?1, ?3, 1 WHERE NOT EXISTS (SELECT 1 FROM tags WHERE userId = ?1) AND ${guard}
       ON CONFLICT (userId, tag) DO NOTHING`,
    )
    .bind(userId, crypto.randomUUID(), savedTag, ...guardParams);
}

/** The user's bookmarks in list order, after giving a user with none the default one. */
export async function listTags(d1: D1Database, userId: string, savedTag: string): Promise<TagRow[]> {
  const [, listed] = await d1.batch<TagRow>([seedDefault(d1, userId, savedTag), d1.prepare(SELECT_TAGS).bind(userId)]);
  return listed?.results ?? [];
}

export interface NewTag {
  tag: string;
  description: string | null;
  /** Also put the bookmark on this conversation of the user. */
  conversationId?: string;
}

export type CreateTagOutcome =
  | { status: 'created'; tag: TagRow }
  | { status: 'exists' }
  | { status: 'conversation_not_found' }
  | { status: 'limit_reached' };

/**
 * Creates a bookmark at the end of the list and, when asked, links it to a conversation, all
 * or nothing: the insert happens only while the user is under `maxTags`, the name is free
 * and the conversation (if any) is theirs; the link is written only if the insert was.
 */
export async function createTag(
  d1: D1Database,
  userId: string,
  input: NewTag,
  savedTag: string,
  maxTags: number,
  now = Date.now(),
): Promise<CreateTagOutcome> {
  const id = crypto.randomUUID();
  const conversationId = input.conversationId ?? null;
  const statements = [
    // Not when the bookmark asked for is the default itself: the insert below creates it.
    seedDefault(
      d1,
      userId,
      savedTag,
      `?6 <> ?3 AND (?4 IS NULL OR ${LIVE_CONVERSATION('?1', '?4', '?5')})`,
      conversationId,
      now,
      input.tag,
    ),
    d1
      .prepare(
        `INSERT INTO tags (id, userId, tag, description, position)
         SELECT ?2, ?1, ?3, ?4, (SELECT coalesce(max(position), 0) FROM tags WHERE userId = ?1) + 1
         WHERE (SELECT count(*) FROM tags WHERE userId = ?1) < ?5
           AND (?6 IS NULL OR ${LIVE_CONVERSATION('?1', '?6', '?7')})
         ON CONFLICT (userId, tag) DO NOTHING`,
      )
      .bind(userId, id, input.tag, input.description, maxTags, conversationId, now),
  ];
  if (conversationId !== null) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO conversation_tags (userId, conversationId, tag)
           SELECT ?1, ?2, tag FROM tags WHERE id = ?3
           ON CONFLICT DO NOTHING`,
        )
        .bind(userId, conversationId, id),
    );
  }
  statements.push(d1.prepare('SELECT * FROM tags WHERE id = ?1').bind(id));
  const results = await d1.batch<TagRow>(statements);
  const created = results.at(-1)?.results[0];
  if (created) return { status: 'created', tag: created };

  // Refused: find out why, for the caller's message (read after the batch, nothing changed).
  const [named, conversation] = await d1.batch<{ found: number }>([
    d1.prepare('SELECT 1 AS found FROM tags WHERE userId = ?1 AND tag = ?2').bind(userId, input.tag),
    d1.prepare(`SELECT ${LIVE_CONVERSATION('?1', '?2', '?3')} AS found`).bind(userId, conversationId ?? '', now),
  ]);
  if (named?.results[0]) return { status: 'exists' };
  if (conversationId !== null && !conversation?.results[0]?.found) return { status: 'conversation_not_found' };
  return { status: 'limit_reached' };
}

export interface TagChanges {
  /** New name; its links follow (ON UPDATE CASCADE), and so does its count. */
  tag?: string;
  /** undefined: unchanged; null: cleared. */
  description?: string | null;
  /** Wanted place, clamped into 1…n. */
  position?: number;
}

export type UpdateTagOutcome = { status: 'updated'; tag: TagRow } | { status: 'not_found' } | { status: 'name_taken' };

/** A unique-index failure of (userId, tag): the new name is another bookmark's. */
function isNameConflict(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: tags\.userId, tags\.tag/.test(error.message);
}

/**
 * Renames, describes and/or moves one bookmark in one transaction. A move shifts the
 * bookmarks between the old and the new place by one, so positions stay dense. A rename onto
 * an existing name fails the unique index, which rolls the whole batch back.
 */
export async function updateTag(
  d1: D1Database,
  userId: string,
  current: string,
  changes: TagChanges,
): Promise<UpdateTagOutcome> {
  const oldPosition = '(SELECT position FROM tags WHERE userId = ?1 AND tag = ?2)';
  const newPosition = 'min(max(?3, 1), (SELECT count(*) FROM tags WHERE userId = ?1))';
  const statements: D1PreparedStatement[] = [];
  const position = changes.position ?? null;
  if (position !== null) {
    // Only one of the two ranges is non-empty; the moved row is in neither, so its old
    // position (read by both) is the same for both.
    statements.push(
      d1
        .prepare(
          `UPDATE tags SET position = position + 1 WHERE userId = ?1 AND position >= ${newPosition} AND position < ${oldPosition}`,
        )
        .bind(userId, current, position),
      d1
        .prepare(
          `UPDATE tags SET position = position - 1 WHERE userId = ?1 AND position > ${oldPosition} AND position <= ${newPosition}`,
        )
        .bind(userId, current, position),
    );
  }
  statements.push(
    d1
      .prepare(
        `UPDATE tags SET
           position = CASE WHEN ?3 IS NULL THEN position ELSE ${newPosition} END,
           description = CASE WHEN ?4 THEN ?5 ELSE description END,
           tag = coalesce(?6, tag),
           updatedAt = ${NOW_MS}
         WHERE userId = ?1 AND tag = ?2
         RETURNING *`,
      )
      .bind(
        userId,
        current,
        position,
        changes.description !== undefined ? 1 : 0,
        changes.description ?? null,
        changes.tag ?? null,
      ),
  );
  try {
    const results = await d1.batch<TagRow>(statements);
    const updated = results.at(-1)?.results[0];
    return updated ? { status: 'updated', tag: updated } : { status: 'not_found' };
  } catch (error) {
    if (isNameConflict(error)) return { status: 'name_taken' };
    throw error;
  }
}

/**
 * Deletes one bookmark (its links go by cascade) and closes the gap in the positions.
 * Answers the deleted row, as it was, or undefined when the user has no such bookmark.
 */
export async function deleteTag(d1: D1Database, userId: string, tag: string): Promise<TagRow | undefined> {
  const [, deleted] = await d1.batch<TagRow>([
    d1
      .prepare(
        `UPDATE tags SET position = position - 1
         WHERE userId = ?1 AND position > (SELECT position FROM tags WHERE userId = ?1 AND tag = ?2)`,
      )
      .bind(userId, tag),
    d1.prepare('DELETE FROM tags WHERE userId = ?1 AND tag = ?2 RETURNING *').bind(userId, tag),
  ]);
  return deleted?.results[0];
}

/** What a conversation's bookmark change needs to know before writing. */
export interface ConversationTagsState {
  conversationFound: boolean;
  /** How many bookmarks the user has. */
  tagCount: number;
  /** Which of the asked names already are bookmarks. */
  existing: Set<string>;
}

export async function readConversationTagsState(
  d1: D1Database,
  userId: string,
  conversationId: string,
  names: string[],
  now = Date.now(),
): Promise<ConversationTagsState> {
  const [conversation, count, existing] = await d1.batch<Record<string, unknown>>([
    d1.prepare(`SELECT ${LIVE_CONVERSATION('?1', '?2', '?3')} AS found`).bind(userId, conversationId, now),
    d1.prepare('SELECT count(*) AS n FROM tags WHERE userId = ?1').bind(userId),
    d1
      .prepare('SELECT tag FROM tags WHERE userId = ?1 AND tag IN (SELECT value FROM json_each(?2))')
      .bind(userId, JSON.stringify(names)),
  ]);
  return {
    conversationFound: conversation?.results[0]?.found === 1,
    tagCount: Number(count?.results[0]?.n ?? 0),
    existing: new Set((existing?.results ?? []).map((row) => String(row.tag))),
  };
}

/**
 * Makes `names` exactly the bookmarks of the user's conversation, in one transaction:
 * unknown names become bookmarks at the end of the list (in the order given, only while the
 * user stays within `maxTags`), links not asked for are removed, missing ones added; the
 * triggers move the counts. Every write is guarded by the conversation being the user's.
 * Answers the conversation's bookmark names as stored afterwards.
 */
export async function setConversationTags(
  d1: D1Database,
  userId: string,
  conversationId: string,
  names: string[],
  savedTag: string,
  maxTags: number,
  now = Date.now(),
): Promise<string[]> {
  const live = LIVE_CONVERSATION('?1', '?2', '?4');
  const wanted = JSON.stringify(names.map((tag) => ({ tag, id: crypto.randomUUID() })));
  const isNew = `NOT EXISTS (SELECT 1 FROM tags AS t WHERE t.userId = ?1 AND t.tag = n.value ->> '$.tag')`;
  const results = await d1.batch<{ tag: string }>([
    seedDefault(d1, userId, savedTag, LIVE_CONVERSATION('?1', '?4', '?5'), conversationId, now),
    d1
      .prepare(
        `INSERT INTO tags (id, userId, tag, position)
         SELECT n.value ->> '$.id', ?1, n.value ->> '$.tag',
                (SELECT coalesce(max(position), 0) FROM tags WHERE userId = ?1) + row_number() OVER (ORDER BY n.key)
         FROM json_each(?3) AS n
         WHERE ${isNew} AND ${live}
           AND (SELECT count(*) FROM tags WHERE userId = ?1)
             + (SELECT count(*) FROM json_each(?3) AS n WHERE ${isNew}) <= ?5
         ON CONFLICT (userId, tag) DO NOTHING`,
      )
      .bind(userId, conversationId, wanted, now, maxTags),
    d1
      .prepare(
        `DELETE FROM conversation_tags
         WHERE userId = ?1 AND conversationId = ?2
           AND tag NOT IN (SELECT n.value ->> '$.tag' FROM json_each(?3) AS n) AND ${live}`,
      )
      .bind(userId, conversationId, wanted, now),
    d1
      .prepare(
        `INSERT INTO conversation_tags (userId, conversationId, tag)
         SELECT ?1, ?2, t.tag FROM json_each(?3) AS n JOIN tags AS t ON t.userId = ?1 AND t.tag = n.value ->> '$.tag'
         WHERE ${live}
         ON CONFLICT DO NOTHING`,
      )
      .bind(userId, conversationId, wanted, now),
    d1
      .prepare('SELECT tag FROM conversation_tags WHERE userId = ?1 AND conversationId = ?2')
      .bind(userId, conversationId),
  ]);
  const linked = new Set((results.at(-1)?.results ?? []).map((row) => row.tag));
  // In the order asked for, as LibreChat answers; anything linked meanwhile follows.
  return [...names.filter((name) => linked.has(name)), ...[...linked].filter((name) => !names.includes(name))];
}

/**
 * Repairs the user's bookmarks: every count recomputed from the links, positions re-packed
 * 1…n keeping their order (ties by creation, then name), and the default bookmark given to a
 * user who has none. Answers the list.
 */
export async function rebuildTags(d1: D1Database, userId: string, savedTag: string): Promise<TagRow[]> {
  const results = await d1.batch<TagRow>([
    d1
      .prepare(
        `UPDATE tags SET count = (SELECT count(*) FROM conversation_tags AS ct WHERE ct.userId = tags.userId AND ct.tag = tags.tag)
         WHERE userId = ?1`,
      )
      .bind(userId),
    // The ranks are computed over the whole set before any row is written (UPDATE … FROM
    // materialises the window), so the renumbering never reads its own writes.
    d1
      .prepare(
        `UPDATE tags SET position = ranked.rank
         FROM (SELECT id, row_number() OVER (ORDER BY position, createdAt, tag) AS rank FROM tags WHERE userId = ?1) AS ranked
         WHERE tags.id = ranked.id AND tags.position <> ranked.rank`,
      )
      .bind(userId),
    seedDefault(d1, userId, savedTag),
    d1.prepare(SELECT_TAGS).bind(userId),
  ]);
  return results.at(-1)?.results ?? [];
}
