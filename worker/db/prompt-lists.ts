import { PROMPT_CATEGORY_FILTERS } from '../contract/prompts';
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
  return { scope, conditions, params };
}

/** The visible groups matching `filter`, each half cut at `limit` (a parameter reference) when given. */
function visibleUnion(filter: Filter, limit?: string): string {
  const extra = filter.conditions.map((condition) => ` AND ${condition}`).join('');
  const cut = limit ? ` ${ORDER} LIMIT ${limit}` : '';
  const half = (where: string) =>
    `SELECT * FROM (SELECT ${GROUP_COLUMNS} FROM prompt_groups WHERE ${where}${extra}${cut})`;
  const halves = [
    ...(filter.scope === 'shared' ? [] : [half('userId = ?1')]),
    ...(filter.scope === 'own' ? [] : [half('isShared = 1')]),
  ];
  return halves.join(' UNION ');
}

/** The number of matching groups, each group once (an index-only count where no filter reads the row). */
function countOf(filter: Filter): string {
  const extra = filter.conditions.map((condition) => ` AND ${condition}`).join('');
  const count = (where: string) => `(SELECT COUNT(*) FROM prompt_groups WHERE ${where}${extra})`;
  switch (filter.scope) {
    case 'own':
      return count('userId = ?1');
    case 'shared':
      return count('isShared = 1');
    case 'both':
      // Own groups, plus shared ones of others: the two never overlap.
      return `${count('userId = ?1')} + ${count('isShared = 1 AND userId <> ?1')}`;
  }
}

/**
 * One page, newest first, and the count of all matching groups (for `pages`). Each half reads
 * at most `pageNumber × pageSize` rows of its index range; the count reads the ranges' index
 * entries. With no match on the page, one row comes back with the count and null columns.
 */
export function groupPageQuery(userId: string, options: GroupPageOptions): SqlQuery {
  const offset = (options.pageNumber - 1) * options.pageSize;
  const filter = filterOf(options, 5);
  const page = `SELECT * FROM (${visibleUnion(filter, '?2')}) ${ORDER} LIMIT ?3 OFFSET ?4`;
  return {
    sql: `SELECT total.n AS total, page.*, p.prompt AS productionText
      FROM (SELECT ${countOf(filter)} AS n) AS total
      LEFT JOIN (${page}) AS page ON 1
      LEFT JOIN prompts AS p ON p.id = page.productionId
      ORDER BY page.createdAt DESC, page.id DESC`,
    params: [userId, offset + options.pageSize, options.pageSize, offset, ...filter.params],
  };
}

/** Every group the caller sees, newest first (for the `/` command). */
export function allGroupsQuery(userId: string): SqlQuery {
  return {
    sql: `SELECT g.*, p.prompt AS productionText FROM (${visibleUnion(filterOf({}, 2))}) AS g
      LEFT JOIN prompts AS p ON p.id = g.productionId ORDER BY g.createdAt DESC, g.id DESC`,
    params: [userId],
  };
}

/** The newest visible group of each non-empty category. */
export function groupPerCategoryQuery(userId: string): SqlQuery {
  return {
    sql: `SELECT g.*, p.prompt AS productionText FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY category ${ORDER}) AS rank
        FROM (${visibleUnion(filterOf({}, 2))}) WHERE category <> ''
      ) AS g LEFT JOIN prompts AS p ON p.id = g.productionId
      WHERE g.rank = 1 ORDER BY g.category`,
    params: [userId],
  };
}

interface RawGroup extends Omit<PromptGroupRow, 'projectIds' | 'isShared'> {
  projectIds: string;
  isShared: number;
  productionText: string | null;
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
  const { rank: _rank, total: _total, ...row } = raw as RawGroup & { rank?: number; total?: number };
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
  const total = Number((results[0] as { total?: number } | undefined)?.total ?? 0);
  return { rows: results.filter((raw) => raw.id !== null).map(toListed), total };
}

export async function listAllGroups(d1: D1Database, userId: string): Promise<ListedGroup[]> {
  return (await run(d1, allGroupsQuery(userId))).map(toListed);
}

export async function listGroupPerCategory(d1: D1Database, userId: string): Promise<ListedGroup[]> {
  return (await run(d1, groupPerCategoryQuery(userId))).map(toListed);
}
