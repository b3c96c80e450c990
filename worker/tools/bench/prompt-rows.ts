/**
 * D1 rows read by the prompt library's two lists: one page of groups (`GET /api/prompts/groups`,
 * the page with its production texts and the count for `pages` summed from the tallies, one statement) and the `/`
 * command's lookup (`GET /api/prompts/all`, one statement). Seeded with 200 groups: 100 of the
 * measured user (half of them shared) and 100 of another user (half shared), each with one
 * production version; and a third user's 200 private groups, which neither list may read.
 */
import { allGroupsQuery, groupPageQuery } from '../../db/prompt-lists';
import type { RowsReadFigure } from './d1-rows';
import { multiRowInserts, withMigratedLocalD1, type SqlValue } from './local-d1';

const GROUPS_PER_USER = 100;
const PRIVATE_GROUPS_ELSEWHERE = 200;
const PAGE_SIZE = 10;
/**
 * A page reads about 9 rows per group shown (the index entries of both halves, their merge, the
 * group and its production version) whatever the number of groups: the count is summed from tallies.
 */
const PAGE_ROWS_BUDGET = 9 * PAGE_SIZE + 5;

async function seedGroups(db: D1Database, userId: string, count: number, share: (i: number) => boolean) {
  await db.prepare('INSERT INTO users (id, email) VALUES (?, ?)').bind(userId, `${userId}@bench.test`).run();
  const start = Date.now() - count * 60_000;
  const groups: SqlValue[][] = [];
  const versions: SqlValue[][] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const shared = share(i);
    groups.push([
      id,
      userId,
      `Prompt ${i}`,
      'code',
      shared ? '["instance"]' : '[]',
      shared ? 1 : 0,
      start + i * 60_000,
    ]);
    versions.push([`v-${id}`, id, userId, `Text of prompt ${i} about {{topic}}.`]);
  }
  const statements = [
    ...multiRowInserts(
      'prompt_groups',
      ['id', 'userId', 'name', 'category', 'projectIds', 'isShared', 'createdAt'],
      groups,
    ),
    ...multiRowInserts('prompts', ['id', 'groupId', 'userId', 'prompt'], versions),
  ].map(({ sql, params }) => db.prepare(sql).bind(...params));
  statements.push(db.prepare(`UPDATE prompt_groups SET productionId = 'v-' || id WHERE userId = ?1`).bind(userId));
  await db.batch(statements);
}

export async function measurePromptRowsRead(): Promise<RowsReadFigure[]> {
  return withMigratedLocalD1(async (db) => {
    const userId = crypto.randomUUID();
    await seedGroups(db, userId, GROUPS_PER_USER, (i) => i % 2 === 0);
    await seedGroups(db, crypto.randomUUID(), GROUPS_PER_USER, (i) => i % 2 === 0);
    await seedGroups(db, crypto.randomUUID(), PRIVATE_GROUPS_ELSEWHERE, () => false);
    const visible = GROUPS_PER_USER + GROUPS_PER_USER / 2;

    const pageQuery = groupPageQuery(userId, { pageNumber: 1, pageSize: PAGE_SIZE });
    const page = await db
      .prepare(pageQuery.sql)
      .bind(...pageQuery.params)
      .all<{ total: number; productionText: string | null }>();
    if (page.results.length !== PAGE_SIZE || page.results[0]?.total !== visible || !page.results[0]?.productionText)
      throw new Error(`The group page returned ${page.results.length} groups of ${page.results[0]?.total}.`);

    const allQuery = allGroupsQuery(userId);
    const all = await db
      .prepare(allQuery.sql)
      .bind(...allQuery.params)
      .all();
    if (all.results.length !== visible) throw new Error(`/all returned ${all.results.length} of ${visible} groups.`);

    const among = `${visible} visible of ${GROUPS_PER_USER * 2 + PRIVATE_GROUPS_ELSEWHERE}`;
    return [
      {
        what: `prompt group page of ${PAGE_SIZE} with production texts and the count (${among})`,
        rowsRead: page.meta.rows_read,
        budget: PAGE_ROWS_BUDGET,
      },
      { what: `prompts for the / command, GET /api/prompts/all (${among})`, rowsRead: all.meta.rows_read },
    ];
  });
}
