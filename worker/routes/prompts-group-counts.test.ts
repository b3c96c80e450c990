import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PromptGroupPage } from '../contract/prompts';
import { createGroupAs, shareGroup, withPromptsPermissions } from '../services/prompts/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';
import { groupPageQuery, type GroupPageOptions } from '../db/prompt-lists';
import { deleteUserRow } from '../db/users';

/*
 * The group page's count comes from tallies that triggers keep on `prompt_groups`: they must
 * agree with a recount after every kind of change, and a page must cost the same D1 rows
 * however many groups its user sees.
 */

interface Tally {
  ownerId: string;
  category: string;
  isShared: number;
  n: number;
}

const byKey = (a: Tally, b: Tally) =>
  `${a.ownerId}|${a.category}|${a.isShared}`.localeCompare(`${b.ownerId}|${b.category}|${b.isShared}`);

async function tallies(): Promise<Tally[]> {
  const { results } = await env.DB.prepare(
    'SELECT ownerId, category, isShared, n FROM prompt_group_counts',
  ).all<Tally>();
  return results.sort(byKey);
}

/** What the tallies must hold: a recount of the groups themselves. */
async function recount(): Promise<Tally[]> {
  const { results } = await env.DB.prepare(
    `SELECT userId AS ownerId, category, isShared, COUNT(*) AS n FROM prompt_groups GROUP BY 1, 2, 3
     UNION ALL SELECT '', category, 1, COUNT(*) FROM prompt_groups WHERE isShared = 1 GROUP BY 2`,
  ).all<Tally>();
  return results.sort(byKey);
}

/** Inserts `count` groups straight into the table, created a millisecond apart from `from`. */
async function seed(count: number, owner: (i: number) => string, shared: (i: number) => boolean, from = 1_000) {
  const statements = Array.from({ length: count }, (_, i) =>
    env.DB.prepare(
      `INSERT INTO prompt_groups (id, userId, name, category, projectIds, isShared, createdAt) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
    ).bind(
      `seeded-${crypto.randomUUID()}`,
      owner(i),
      `Group ${i}`,
      i % 3 === 0 ? 'code' : '',
      shared(i) ? '["instance"]' : '[]',
      shared(i) ? 1 : 0,
      from + i,
    ),
  );
  await env.DB.batch(statements);
}

async function measure(userId: string, options: Partial<GroupPageOptions> = {}) {
  const query = groupPageQuery(userId, { pageNumber: 1, pageSize: 10, ...options });
  return env.DB.prepare(query.sql)
    .bind(...query.params)
    .all<{ total: number; name: string | null }>();
}

describe('prompt group tallies', () => {
  it('follow creation, sharing, unsharing, a category change, deletion and the author leaving', async () => {
    const me = await createTestUser();
    const other = await createTestUser();
    const mine = await createGroupAs(me, { name: 'Mine', category: 'code' });
    const theirs = await createGroupAs(other, { name: 'Theirs', category: 'code' });
    await createGroupAs(other, { name: 'Theirs too', category: 'write' });
    expect(await tallies()).toEqual(await recount());

    await shareGroup(me, mine.group._id);
    await shareGroup(other, theirs.group._id);
    expect(await tallies()).toEqual(await recount());
    expect((await tallies()).find((t) => t.ownerId === '' && t.category === 'code')?.n).toBeGreaterThanOrEqual(2);

    const patch = await callAs(me, `/api/prompts/groups/${mine.group._id}`, 'PATCH', { category: 'idea' });
    expect(patch.status).toBe(200);
    expect(await tallies()).toEqual(await recount());

    await withPromptsPermissions('USER', { SHARED_GLOBAL: true }, async () => {
      const unshare = await callAs(other, `/api/prompts/groups/${theirs.group._id}`, 'PATCH', {
        removeProjectIds: ['instance'],
      });
      expect(unshare.status).toBe(200);
    });
    expect(await tallies()).toEqual(await recount());

    expect((await callAs(me, `/api/prompts/groups/${mine.group._id}`, 'DELETE')).status).toBe(200);
    expect(await tallies()).toEqual(await recount());
    expect((await tallies()).some((t) => t.ownerId === me.id)).toBe(false);

    // The author's account goes: the cascade takes their groups and their tallies.
    await deleteUserRow(env.DB, other.id);
    expect(await tallies()).toEqual(await recount());
    expect((await tallies()).some((t) => t.ownerId === other.id || t.n <= 0)).toBe(false);
  });

  it('give every filter of the page the count of the groups it lists', async () => {
    await env.DB.prepare(`UPDATE prompt_groups SET isShared = 0, projectIds = '[]'`).run();
    const me = await createTestUser();
    const other = await createTestUser();
    await seed(
      60,
      (i) => (i % 2 === 0 ? me.id : other.id),
      (i) => i % 4 < 2,
    );
    const visible = await env.DB.prepare(
      `SELECT category, userId = ?1 AS own, isShared FROM prompt_groups WHERE userId = ?1 OR isShared = 1`,
    )
      .bind(me.id)
      .all<{ category: string; own: number; isShared: number }>();
    const rows = visible.results;
    const cases: [string | undefined, number][] = [
      [undefined, rows.length],
      ['sys__my__prompts__sys', rows.filter((row) => row.own === 1).length],
      ['sys__shared__prompts__sys', rows.filter((row) => row.isShared === 1).length],
      ['sys__no__category__sys', rows.filter((row) => row.category === '').length],
      ['code', rows.filter((row) => row.category === 'code').length],
      ['idea', 0],
    ];
    for (const [category, expected] of cases) {
      const { results } = await measure(me.id, category ? { category } : {});
      expect(results[0]?.total, String(category)).toBe(expected);
    }
    const res = await callAs(me, '/api/prompts/groups?pageSize=7');
    expect((await res.json<PromptGroupPage>()).pages).toBe(String(Math.ceil(rows.length / 7)));
  });

  it('let a page of 10 read the same D1 rows whether 150 or 450 groups are visible', async () => {
    await env.DB.prepare(`UPDATE prompt_groups SET isShared = 0, projectIds = '[]'`).run();
    const me = await createTestUser();
    const other = await createTestUser();
    // 100 of mine (25 shared), 100 of the other user's (25 shared): 150 visible to me.
    await seed(
      200,
      (i) => (i % 2 === 0 ? me.id : other.id),
      (i) => i % 4 < 2 && i % 4 === (i % 2 === 0 ? 0 : 1),
    );
    const first = await measure(me.id);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]?.total).toBe(150);
    // About 8 rows per group shown (index entries of both halves, the merge, the group and its
    // production version) and a few tallies; counting the 150 visible groups read 200 more.
    expect(first.meta.rows_read).toBeLessThanOrEqual(8 * 10 + 5);

    // 300 more: others' private ones (never read), and visible ones of mine and shared ones, all older.
    await seed(
      100,
      () => other.id,
      () => false,
      0,
    );
    await seed(
      200,
      (i) => (i % 2 === 0 ? me.id : other.id),
      () => true,
      200,
    );
    const after = await measure(me.id);
    expect(after.results[0]?.total).toBe(150 + 200);
    expect(after.results.map((row) => row.name)).toEqual(first.results.map((row) => row.name));
    expect(after.meta.rows_read).toBeLessThanOrEqual(first.meta.rows_read + 2);

    // Filtered by category, the same: the tallies of one category.
    const code = await measure(me.id, { category: 'code' });
    expect(code.results).toHaveLength(10);
    expect(code.meta.rows_read).toBeLessThanOrEqual(8 * 10 + 5);
  });
});
