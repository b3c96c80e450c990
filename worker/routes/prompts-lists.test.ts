import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PromptGroup, PromptGroupPage, PromptGroupSummary, RandomPrompts } from '../contract/prompts';
import type { UserRow } from '../db/users';
import { dailyShuffle } from '../services/prompts/random';
import { createGroupAs, shareGroup } from '../services/prompts/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** The group page, the `/` command's list and the chat page's cards: what each user sees, in which order. */

/** Sets creation times a minute apart, in the order given (oldest first): ids break ties otherwise. */
async function ageInOrder(groups: readonly PromptGroup[]): Promise<void> {
  const start = Date.now() - groups.length * 60_000;
  for (const [index, group] of groups.entries()) {
    await env.DB.prepare('UPDATE prompt_groups SET createdAt = ?1 WHERE id = ?2')
      .bind(start + index * 60_000, group._id)
      .run();
  }
}

async function page(user: UserRow, query = ''): Promise<PromptGroupPage> {
  const res = await callAs(user, `/api/prompts/groups${query}`);
  expect(res.status).toBe(200);
  return res.json<PromptGroupPage>();
}

const names = (groups: readonly { name: string }[]) => groups.map((group) => group.name);

interface Library {
  me: UserRow;
  other: UserRow;
}

/**
 * Mine: "Alpha code" (code), "beta Write" (write), "Gamma" (no category, shared);
 * another user's: "Delta shared" (code, shared) and "Epsilon private" (idea). Oldest first.
 */
async function library(): Promise<Library> {
  // Shared groups are seen by every test of the file: earlier worlds' stop being shared.
  await env.DB.prepare(`UPDATE prompt_groups SET isShared = 0, projectIds = '[]'`).run();
  const me = await createTestUser({ name: 'Me' });
  const other = await createTestUser({ name: 'Other' });
  const alpha = await createGroupAs(me, { name: 'Alpha code', category: 'code', command: 'alpha' }, 'alpha text');
  const beta = await createGroupAs(me, { name: 'beta Write', category: 'write' }, 'beta text');
  const gamma = await createGroupAs(me, { name: 'Gamma', category: '' }, 'gamma text');
  const delta = await createGroupAs(other, { name: 'Delta shared', category: 'code', command: 'delta' }, 'delta text');
  const epsilon = await createGroupAs(other, { name: 'Epsilon private', category: 'idea' }, 'epsilon text');
  await shareGroup(me, gamma.group._id);
  await shareGroup(other, delta.group._id);
  await ageInOrder([alpha.group, beta.group, gamma.group, delta.group, epsilon.group]);
  return { me, other };
}

describe('GET /api/prompts/groups', () => {
  it('pages own and shared groups newest first, with the production text and numbers as strings', async () => {
    const { me } = await library();
    const first = await page(me, '?pageSize=2');
    expect(first).toMatchObject({ pageNumber: '1', pageSize: '2', pages: '2' });
    expect(names(first.promptGroups)).toEqual(['Delta shared', 'Gamma']);
    expect(first.promptGroups[0]).toMatchObject({ authorName: 'Other', productionPrompt: { prompt: 'delta text' } });
    const second = await page(me, '?pageSize=2&pageNumber=2');
    expect(names(second.promptGroups)).toEqual(['beta Write', 'Alpha code']);
    const beyond = await page(me, '?pageSize=2&pageNumber=3');
    expect(beyond).toMatchObject({ promptGroups: [], pageNumber: '3', pages: '2' });
    expect((await page(me)).pageSize).toBe('10');
  });

  it.each([
    ['', ['Delta shared', 'Gamma', 'beta Write', 'Alpha code']],
    ['sys__my__prompts__sys', ['Gamma', 'beta Write', 'Alpha code']],
    ['sys__shared__prompts__sys', ['Delta shared', 'Gamma']],
    ['sys__no__category__sys', ['Gamma']],
    ['code', ['Delta shared', 'Alpha code']],
    ['idea', []],
  ])('category %j shows %j', async (category, expected) => {
    const { me } = await library();
    const found = await page(me, `?category=${category}`);
    expect(names(found.promptGroups)).toEqual(expected);
    expect(found.pages).toBe(String(expected.length > 0 ? 1 : 0));
  });

  it('finds a part of the name in any case, and takes % and _ literally', async () => {
    const { me } = await library();
    expect(names((await page(me, '?name=WRI')).promptGroups)).toEqual(['beta Write']);
    expect(names((await page(me, '?name=a&category=code')).promptGroups)).toEqual(['Delta shared', 'Alpha code']);
    expect((await page(me, '?name=%25')).promptGroups).toEqual([]);
    expect((await page(me, '?name=_')).promptGroups).toEqual([]);
  });

  it('refuses a page size over the maximum or a page number below 1', async () => {
    const me = await createTestUser();
    expect((await callAs(me, '/api/prompts/groups?pageSize=101')).status).toBe(400);
    expect((await callAs(me, '/api/prompts/groups?pageNumber=0')).status).toBe(400);
  });
});

describe('GET /api/prompts/all', () => {
  it('lists every group the user may use, with its command and production text, newest first', async () => {
    const { me, other } = await library();
    const res = await callAs(me, '/api/prompts/all');
    expect(res.status).toBe(200);
    const all = await res.json<PromptGroupSummary[]>();
    expect(names(all)).toEqual(['Delta shared', 'Gamma', 'beta Write', 'Alpha code']);
    expect(all[0]).toEqual({
      _id: expect.any(String),
      name: 'Delta shared',
      oneliner: '',
      category: 'code',
      author: other.id,
      authorName: 'Other',
      command: 'delta',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      productionPrompt: { prompt: 'delta text' },
    });
    expect(all.find((group) => group.name === 'Alpha code')?.command).toBe('alpha');
    expect(names(await (await callAs(other, '/api/prompts/all')).json<PromptGroupSummary[]>())).toEqual([
      'Epsilon private',
      'Delta shared',
      'Gamma',
    ]);
  });
});

describe('GET /api/prompts/random', () => {
  it('offers one visible group per category, in the same order on every call of the day', async () => {
    const { me } = await library();
    await createGroupAs(me, { name: 'Older code', category: 'code' });
    await env.DB.prepare(`UPDATE prompt_groups SET createdAt = 1 WHERE name = 'Older code'`).run();
    const res = await callAs(me, '/api/prompts/random');
    expect(res.status).toBe(200);
    const { prompts } = await res.json<RandomPrompts>();
    // Code's newest is the other user's shared group; the private idea and the uncategorised are not offered.
    expect(names(prompts).sort()).toEqual(['Delta shared', 'beta Write']);
    expect(prompts.find((group) => group.name === 'beta Write')?.productionPrompt).toEqual({ prompt: 'beta text' });
    const again = await (await callAs(me, '/api/prompts/random')).json<RandomPrompts>();
    expect(names(again.prompts)).toEqual(names(prompts));
    const [firstOnly] = (await (await callAs(me, '/api/prompts/random?limit=1')).json<RandomPrompts>()).prompts;
    const [secondOnly] = (await (await callAs(me, '/api/prompts/random?limit=1&skip=1')).json<RandomPrompts>()).prompts;
    expect([firstOnly?.name, secondOnly?.name]).toEqual(names(prompts));
    expect((await callAs(me, '/api/prompts/random?limit=51')).status).toBe(400);
  });

  it('shuffles by user and day, the same way each time', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const day = new Date('2026-01-02T10:00:00Z');
    const shuffled = dailyShuffle(items, 'user-a', day);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(dailyShuffle(items, 'user-a', new Date('2026-01-02T23:59:00Z'))).toEqual(shuffled);
    expect(dailyShuffle(items, 'user-b', day)).not.toEqual(shuffled);
    expect(dailyShuffle(items, 'user-a', new Date('2026-01-03T10:00:00Z'))).not.toEqual(shuffled);
  });
});
