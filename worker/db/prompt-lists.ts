import { PROMPT_CATEGORY_FILTERS } from '../contract/prompts';
import { ALL_OWNERS } from './schema';
import type { SqlQuery } from './paging';
import type { PromptGroupRow } from './prompts';

/**
 * The prompt library's lists, each ONE statement with the production version's text joined:
 * a page of groups with the count of all that match, every group for the `/` command, and one
 * group per category for the chat page's cards. Every list is the union of two index ranges,
 * the caller's own groups (`prompt_groups_user_created_idx`) and those shared with the instance
 * (`prompt_groups_shared_created_idx`), so other users' private groups are never read.
 */

/** A listed group: its row with the production version's text (null if it has none). */
export interface ListedGroup extends PromptGroupRow {
  productionText: string | null;
}

export interface GroupPageOptions {
  pageNumber: number;
  pageSize: number;
  /** Part of the name, any case (ASCII letters; SQLite's LIKE folds no others). */
  name?: string;
  /** '' or absent for all; a {@link PROMPT_CATEGORY_FILTERS} value; else an exact category. */
  category?: string;
}

const GROUP_COLUMNS =
  'id, userId, authorName, name, category, oneliner, command, productionId, numberOfGenerations, projectIds, isShared, createdAt, updatedAt';
const ORDER = 'ORDER BY createdAt DESC, id DESC';

type Scope = 'both' | 'own' | 'shared';

interface Filter {
  scope: Scope;
  conditions: string[];
  params: (string | number)[];
  /** The category condition alone (also among `conditions`), or '' for any category. */
  categoryCondition: string;
  /** Whether a name is searched: then no tally knows the count. */
  byName: boolean;
}

/** The page's filters as SQL conditions; parameters are numbered from `first`. */
function filterOf(options: Pick<GroupPageOptions, 'name' | 'category'>, first: number): Filter {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  const add = (condition: (n: number) => string, value: string) => {
    params.push(value);
    conditions.push(condition(first + params.length - 1));
  };
  if (options.name) {
    add((n) => `name LIKE ?${n} ESCAPE '\\'`, `%${options.name.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  }
  let scope: Scope = 'both';
  switch (options.category ?? '') {
    case '':
      break;
    case PROMPT_CATEGORY_FILTERS.mine:
      scope = 'own';
      break;
    case PROMPT_CATEGORY_FILTERS.shared:
      scope = 'shared';
      break;
    case PROMPT_CATEGORY_FILTERS.noCategory:
      conditions.push(`category = ''`);
      break;
    default:
      add((n) => `category = ?${n}`, options.category ?? '');
  }
  const byName = Boolean(options.name);
  const categoryCondition = conditions.find((condition) => condition.startsWith('category')) ?? '';
  return { scope, conditions, params, categoryCondition, byName };
}

/**
 * Where each half of the visible groups is: the caller's own, and the shared ones of others
 * (the caller's own shared groups are in the first half already), so the halves never overlap
 * and a UNION ALL merges them without a sort to drop duplicates. Only-shared takes all shared.
 */
function halvesOf(filter: Filter): string[] {
  const extra = filter.conditions.map((condition) => ` AND ${condition}`).join('');
  switch (filter.scope) {
    case 'own':
      return [`userId = ?1${extra}`];
    case 'shared':
      return [`isShared = 1${extra}`];
    case 'both':
      return [`userId = ?1${extra}`, `isShared = 1 AND userId <> ?1${extra}`];
  }
}

/** The visible groups matching `filter`, as `columns`, each half cut at `limit` (a parameter reference) when given. */
function visibleUnion(filter: Filter, columns: string, limit?: string): string {
  const cut = limit ? ` ${ORDER} LIMIT ${limit}` : '';
  return halvesOf(filter)
    .map((where) => `SELECT * FROM (SELECT ${columns} FROM prompt_groups WHERE ${where}${cut})`)
    .join(' UNION ALL ');
}

/**
 * The number of matching groups. Without a name, it is summed from the tallies the triggers
 * keep (`prompt_group_counts`): the caller's own, plus every author's shared minus the
 * caller's own shared (already counted), a few rows per category whatever the number of
 * groups. A name search must look at every visible name anyway: it counts the halves.
 */
function countOf(filter: Filter): string {
  if (filter.byName)
    return halvesOf(filter)
      .map((where) => `(SELECT COUNT(*) FROM prompt_groups WHERE ${where})`)
      .join(' + ');
  const category = filter.categoryCondition ? ` AND ${filter.categoryCondition}` : '';
  const tally = (where: string) => `(SELECT COALESCE(SUM(n), 0) FROM prompt_group_counts WHERE ${where}${category})`;
  const own = tally('ownerId = ?1');
  const shared = tally(`ownerId = '${ALL_OWNERS}' AND isShared = 1`);
  switch (filter.scope) {
    case 'own':
      return own;
    case 'shared':
      return shared;
    case 'both':
      return `${own} + ${shared} - ${tally('ownerId = ?1 AND isShared = 1')}`;
  }
}

/**
 * One page, newest first, and the count of all matching groups (for `pages`). The page is
 * found in the indexes alone (each half reads at most `pageNumber × pageSize` entries of its
 * range), and only its groups and their production versions are read from the tables. The
 * count comes from the tallies (see `countOf`). With no group on the page, one row comes back
 * with the count and null columns.
 */
export function groupPageQuery(userId: string, options: GroupPageOptions): SqlQuery {
  const offset = (options.pageNumber - 1) * options.pageSize;
  const filter = filterOf(options, 5);
  const page = `SELECT * FROM (${visibleUnion(filter, 'id, createdAt', '?2')}) ${ORDER} LIMIT ?3 OFFSET ?4`;
  return {
    sql: `SELECT total.n AS total, g.*, p.prompt AS productionText
      FROM (SELECT ${countOf(filter)} AS n) AS total
      LEFT JOIN (${page}) AS page ON 1
      LEFT JOIN prompt_groups AS g ON g.id = page.id
      LEFT JOIN prompts AS p ON p.id = g.productionId
      ORDER BY page.createdAt DESC, page.id DESC`,
    params: [userId, offset + options.pageSize, options.pageSize, offset, ...filter.params],
  };
}

/** Every group the caller sees, newest first (for the `/` command). */
export function allGroupsQuery(userId: string): SqlQuery {
  return {
    sql: `SELECT g.*, p.prompt AS productionText FROM (${visibleUnion(filterOf({}, 2), GROUP_COLUMNS)}) AS g
      LEFT JOIN prompts AS p ON p.id = g.productionId ORDER BY g.createdAt DESC, g.id DESC`,
    params: [userId],
  };
}

/** The newest visible group of each non-empty category. */
export function groupPerCategoryQuery(userId: string): SqlQuery {
  return {
    sql: `SELECT g.*, p.prompt AS productionText FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY category ${ORDER}) AS rank
        FROM (${visibleUnion(filterOf({}, 2), GROUP_COLUMNS)}) WHERE category <> ''
      ) AS g LEFT JOIN prompts AS p ON p.id = g.productionId
      WHERE g.rank = 1 ORDER BY g.category`,
    params: [userId],
  };
}

/** A row as D1 answers it: JSON and booleans unparsed, and the page's count or the card query's rank. */
interface RawGroup extends Omit<PromptGroupRow, 'projectIds' | 'isShared'> {
  projectIds: string;
  isShared: number;
  productionText: string | null;
  total?: number;
  rank?: number;
}

function parseProjectIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function toListed(raw: RawGroup): ListedGroup {
  const { rank: _rank, total: _total, ...row } = raw;
  return { ...row, projectIds: parseProjectIds(raw.projectIds), isShared: raw.isShared === 1 };
}

async function run(d1: D1Database, query: SqlQuery): Promise<RawGroup[]> {
  const { results } = await d1
    .prepare(query.sql)
    .bind(...query.params)
    .all<RawGroup>();
  return results;
}

export async function listGroupPage(
  d1: D1Database,
  userId: string,
  options: GroupPageOptions,
): Promise<{ rows: ListedGroup[]; total: number }> {
  const results = await run(d1, groupPageQuery(userId, options));
  const total = Number(results[0]?.total ?? 0);
  return { rows: results.filter((raw) => raw.id !== null).map(toListed), total };
}

export async function listAllGroups(d1: D1Database, userId: string): Promise<ListedGroup[]> {
  return (await run(d1, allGroupsQuery(userId))).map(toListed);
}

export async function listGroupPerCategory(d1: D1Database, userId: string): Promise<ListedGroup[]> {
  return (await run(d1, groupPerCategoryQuery(userId))).map(toListed);
}
