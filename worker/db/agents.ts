import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { db } from './client';
import { InvalidCursorError, type SqlQuery } from './paging';
import { agents, type AgentAvatar } from './schema';

/**
 * Every statement on agents, each scoped by the caller. An agent is visible to its author and,
 * once shared with the instance (`isShared`), to everyone; another user's private agent is
 * never read, changed or deleted, whatever the caller's role.
 */

export type AgentRow = typeof agents.$inferSelect;
/** A new agent's columns: it starts private, so sharing is not among them. */
export type AgentInsert = Omit<
  typeof agents.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'isShared' | 'projectIds' | 'isCollaborative'
>;
/** Columns an update may write besides the sharing ones. */
export type AgentChanges = Partial<AgentInsert>;

/** The sharing columns: `projectIds` with the `isShared` that mirrors it, and `isCollaborative`. */
export interface AgentSharing {
  projectIds: string[];
  isShared: boolean;
  isCollaborative: boolean;
}

/** Who asks: their id, and whether their role is ADMIN (admins edit and delete shared agents). */
export interface AgentCaller {
  userId: string;
  isAdmin: boolean;
}

const visibleTo = (userId: string) => or(eq(agents.userId, userId), eq(agents.isShared, true));

/**
 * The sharing columns for `projectIds`. Unsharing ends collaboration too: an agent nobody else
 * sees cannot be edited by others, and sharing it again later must not silently reopen it.
 */
export function sharingColumns(
  projectIds: readonly string[],
  instanceProjectId: string,
  isCollaborative: boolean,
): AgentSharing {
  const isShared = projectIds.includes(instanceProjectId);
  return { projectIds: [...projectIds], isShared, isCollaborative: isShared && isCollaborative };
}

/** A new private agent of `userId`. */
export async function insertAgent(d1: D1Database, userId: string, id: string, values: AgentInsert): Promise<AgentRow> {
  return db({ DB: d1 })
    .insert(agents)
    .values({ ...values, id, userId, projectIds: [], isShared: false, isCollaborative: false })
    .returning()
    .get();
}

/** The agent if the caller may see it (own or shared), else null. */
export async function findVisibleAgent(d1: D1Database, userId: string, id: string): Promise<AgentRow | null> {
  const row = await db({ DB: d1 })
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), visibleTo(userId)))
    .get();
  return row ?? null;
}

/** Which of `ids` name agents the caller may see (own or shared): one query for a chain's ids. */
export async function visibleAgentIds(d1: D1Database, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db({ DB: d1 })
    .select({ id: agents.id })
    .from(agents)
    .where(and(inArray(agents.id, [...ids]), visibleTo(userId)))
    .all();
  return new Set(rows.map((row) => row.id));
}

/** The agents among `ids` the caller may see, in no particular order: one query for a chain. */
export async function findVisibleAgents(d1: D1Database, userId: string, ids: readonly string[]): Promise<AgentRow[]> {
  if (ids.length === 0) return [];
  return db({ DB: d1 })
    .select()
    .from(agents)
    .where(and(inArray(agents.id, [...ids]), visibleTo(userId)))
    .all();
}

/**
 * Who wrote the agent and its picture, whoever asks: for serving the picture at its
 * unguessable address (routes/agents-avatar.ts), which knowing is the permission.
 */
export async function findAgentAvatarOwner(
  d1: D1Database,
  id: string,
): Promise<Pick<AgentRow, 'id' | 'userId' | 'avatar'> | null> {
  const row = await db({ DB: d1 })
    .select({ id: agents.id, userId: agents.userId, avatar: agents.avatar })
    .from(agents)
    .where(eq(agents.id, id))
    .get();
  return row ?? null;
}

/**
 * The SQL condition "the caller may edit this agent": the author; an admin, for a shared
 * agent; anyone, for a shared collaborative agent.
 */
function editableBy(caller: AgentCaller) {
  const shared = eq(agents.isShared, true);
  return or(
    eq(agents.userId, caller.userId),
    and(shared, eq(agents.isCollaborative, true)),
    caller.isAdmin ? shared : sql`0`,
  );
}

/**
 * Writes `changes` (and `sharing`, when given) if the caller may still edit the agent when the
 * statement runs (the check is in the WHERE, so a concurrent unshare cannot let a stale
 * permission through). Null when nothing was written.
 */
export async function updateAgentIfEditor(
  d1: D1Database,
  caller: AgentCaller,
  id: string,
  changes: AgentChanges,
  sharing?: AgentSharing,
): Promise<AgentRow | null> {
  const row = await db({ DB: d1 })
    .update(agents)
    .set({ ...changes, ...sharing })
    .where(and(eq(agents.id, id), editableBy(caller)))
    .returning()
    .get();
  return row ?? null;
}

/** Deletes the agent if the caller is its author, or an admin and the agent is shared. */
export async function deleteAgentIfAllowed(d1: D1Database, caller: AgentCaller, id: string): Promise<boolean> {
  const allowed = or(eq(agents.userId, caller.userId), caller.isAdmin ? eq(agents.isShared, true) : sql`0`);
  const rows = await db({ DB: d1 })
    .delete(agents)
    .where(and(eq(agents.id, id), allowed))
    .returning({ id: agents.id })
    .all();
  return rows.length > 0;
}

// The list -----------------------------------------------------------------------------------

/** A list row: the public fields, with the author kept for the caller's own agents only by the route. */
export interface AgentListRow {
  id: string;
  userId: string;
  name: string | null;
  description: string | null;
  avatar: AgentAvatar | null;
  provider: string;
  model: string;
  conversation_starters: string[];
  projectIds: string[];
  isCollaborative: boolean;
  createdAt: number;
}

export interface AgentListOptions {
  limit: number;
  /** The id of the previous page's last agent. */
  after?: string;
  /** Part of the name, any case. */
  search?: string;
}

const LIST_COLUMNS =
  'id, userId, name, description, avatar, provider, model, conversation_starters, projectIds, isCollaborative, createdAt';

/**
 * Newest first, keyset on (createdAt, id): createdAt never changes, so an agent edited between
 * two pages neither repeats nor drops out. Each half of the union is one index range read in
 * order (`agents_user_created_idx` for the caller's own, `agents_shared_created_idx` for the
 * shared) and stops after `limit + 1` rows; the union drops the caller's own shared agents
 * found by both, and the outer sort orders at most `2 * (limit + 1)` rows. So a page reads
 * about twice its size, however many agents the instance holds. A name search filters inside
 * each range and may read the caller's and the shared agents to find its matches.
 */
export function listAgentsQuery(userId: string, options: AgentListOptions, position: AfterPosition | null): SqlQuery {
  const params: (string | number)[] = [userId, options.limit + 1];
  const where: string[] = [];
  if (position) {
    params.push(position.createdAt, position.id);
    where.push('(createdAt, id) < (?3, ?4)');
  }
  if (options.search) {
    params.push(`%${options.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    where.push(`name LIKE ?${params.length} ESCAPE '\\'`);
  }
  const extra = where.map((condition) => ` AND ${condition}`).join('');
  const half = (scope: string) =>
    `SELECT * FROM (SELECT ${LIST_COLUMNS} FROM agents WHERE ${scope}${extra} ORDER BY createdAt DESC, id DESC LIMIT ?2)`;
  return {
    sql: `${half('userId = ?1')} UNION ${half('isShared = 1')} ORDER BY createdAt DESC, id DESC LIMIT ?2`,
    params,
  };
}

interface AfterPosition {
  createdAt: number;
  id: string;
}

interface RawListRow extends Omit<AgentListRow, 'avatar' | 'conversation_starters' | 'projectIds' | 'isCollaborative'> {
  avatar: string | null;
  conversation_starters: string | null;
  projectIds: string;
  isCollaborative: number;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * One page of the agents the caller sees, and whether more follow. Throws
 * `InvalidCursorError` when `after` is not an agent the caller sees (a stale or foreign id).
 */
export async function listAgents(
  d1: D1Database,
  userId: string,
  options: AgentListOptions,
): Promise<{ rows: AgentListRow[]; hasMore: boolean }> {
  let position: AfterPosition | null = null;
  if (options.after) {
    const found = await db({ DB: d1 })
      .select({ createdAt: agents.createdAt, id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, options.after), visibleTo(userId)))
      .get();
    if (!found) throw new InvalidCursorError();
    position = found;
  }
  const { sql: text, params } = listAgentsQuery(userId, options, position);
  const { results } = await d1
    .prepare(text)
    .bind(...params)
    .all<RawListRow>();
  const rows = results.slice(0, options.limit).map((raw): AgentListRow => ({
    ...raw,
    avatar: parseJson<AgentAvatar | null>(raw.avatar, null),
    conversation_starters: parseJson<string[]>(raw.conversation_starters, []),
    projectIds: parseJson<string[]>(raw.projectIds, []),
    isCollaborative: raw.isCollaborative === 1,
  }));
  return { rows, hasMore: results.length > options.limit };
}
