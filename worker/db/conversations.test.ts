import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  listConversations,
  listConversationsQuery,
  listConversationsStatement,
  TAG_LINKS_DRIVE_MAX,
} from './conversations';
import { encodeCursor, InvalidCursorError } from './paging';
import { createConversation, createUser, queryPlan } from './test-helpers';

/** Inserts `count` conversations for `userId` in one batch; `updatedAt(i)` sets each time. */
async function seedConversations(
  userId: string,
  count: number,
  updatedAt: (i: number) => number,
  extra: { isArchived?: boolean } = {},
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  const insert = env.DB.prepare(
    'INSERT INTO conversations (conversationId, userId, title, updatedAt, isArchived) VALUES (?, ?, ?, ?, ?)',
  );
  await env.DB.batch(
    ids.map((id, i) => insert.bind(id, userId, `Conversation ${i}`, updatedAt(i), extra.isArchived ? 1 : 0)),
  );
  return ids;
}

async function listAll(userId: string, limit: number, isArchived = false): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page: Awaited<ReturnType<typeof listConversations>> = await listConversations(env.DB, userId, {
      limit,
      cursor,
      isArchived,
    });
    expect(page.conversations.length).toBeLessThanOrEqual(limit);
    seen.push(...page.conversations.map((c) => c.conversationId));
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('pagination did not end');
}

describe('listConversations', () => {
  it('lists the newest first with the list fields', async () => {
    const userId = await createUser(env.DB);
    const older = await createConversation(env.DB, userId, { title: 'older', updatedAt: 1_000 });
    const newer = await createConversation(env.DB, userId, { title: 'newer', updatedAt: 2_000, agent_id: 'a1' });
    const page = await listConversations(env.DB, userId, { limit: 25 });
    expect(page.conversations.map((c) => c.conversationId)).toEqual([newer, older]);
    expect(page.conversations[0]).toMatchObject({
      title: 'newer',
      agent_id: 'a1',
      isArchived: false,
      updatedAt: 2_000,
    });
    expect(page.nextCursor).toBeNull();
  });

  it('pages through equal updatedAt values without skipping or repeating', async () => {
    const userId = await createUser(env.DB);
    // Groups of 7 share one updatedAt, so page boundaries fall inside ties.
    const ids = await seedConversations(userId, 60, (i) => 1_700_000_000_000 + Math.floor(i / 7));
    const listed = await listAll(userId, 25);
    expect(listed).toHaveLength(60);
    expect(new Set(listed).size).toBe(60);
    const expected = ids
      .map((id, i) => ({ id, updatedAt: 1_700_000_000_000 + Math.floor(i / 7) }))
      .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((c) => c.id);
    expect(listed).toEqual(expected);
    // Everything with one timestamp: the id alone orders the pages.
    const flat = await createUser(env.DB);
    const flatIds = await seedConversations(flat, 11, () => 5);
    expect(await listAll(flat, 3)).toEqual([...flatIds].sort().reverse());
  });

  it('separates archived conversations and leaves out temporary ones and other users', async () => {
    const userId = await createUser(env.DB);
    const other = await createUser(env.DB);
    const active = await createConversation(env.DB, userId);
    const archived = await createConversation(env.DB, userId, { isArchived: true });
    await createConversation(env.DB, userId, { isTemporary: true, expiredAt: Date.now() + 1000 });
    await createConversation(env.DB, other);
    expect(await listAll(userId, 10)).toEqual([active]);
    expect(await listAll(userId, 10, true)).toEqual([archived]);
  });

  it('rejects cursors it did not issue', async () => {
    const userId = await createUser(env.DB);
    for (const cursor of [
      'garbage!',
      'bm90LWpzb24',
      encodeCursor(['x', 'y']),
      encodeCursor([1.5, 'id']),
      'x'.repeat(5000),
    ]) {
      await expect(listConversations(env.DB, userId, { limit: 5, cursor })).rejects.toThrow(InvalidCursorError);
    }
  });

  it('seeks conversations_list_idx with no temp B-tree, on the first and later pages', async () => {
    for (const cursor of [null, encodeCursor([1_700_000_000_000, 'id'])]) {
      for (const isArchived of [false, true]) {
        const { sql, params } = listConversationsQuery('u', { limit: 25, cursor, isArchived });
        const plan = (await queryPlan(env.DB, sql, params)).join('\n');
        expect(plan).toMatch(/SEARCH conversations USING INDEX conversations_list_idx \(userId=\? AND isArchived=\?/);
        expect(plan).not.toMatch(/USE TEMP B-TREE/);
        if (cursor) expect(plan).toMatch(/\(updatedAt,conversationId\)<\(\?,\?\)/);
      }
    }
  });

  it('reads at most 60 rows for a page of 25 out of 500 conversations', async () => {
    const userId = await createUser(env.DB);
    await seedConversations(userId, 500, (i) => 1_700_000_000_000 + i * 1000);
    // Noise: another user's conversations and this user's archive share the index.
    const other = await createUser(env.DB);
    await seedConversations(other, 200, (i) => 1_700_000_000_000 + i * 1000);
    await seedConversations(userId, 100, (i) => 1_700_000_000_000 + i * 1000, { isArchived: true });

    let cursor: string | null = null;
    for (const pageNumber of [1, 2, 3]) {
      const result = await listConversationsStatement(env.DB, userId, { limit: 25, cursor }).all();
      expect(result.meta.rows_read, `page ${pageNumber}`).toBeLessThanOrEqual(60);
      expect(result.results).toHaveLength(26);
      const page: Awaited<ReturnType<typeof listConversations>> = await listConversations(env.DB, userId, {
        limit: 25,
        cursor,
      });
      expect(page.conversations).toHaveLength(25);
      cursor = page.nextCursor;
    }
    // Deep in the list costs the same as the top.
    const deepCursor = encodeCursor([1_700_000_000_000 + 60_000, '~']);
    const deep = await listConversationsStatement(env.DB, userId, { limit: 25, cursor: deepCursor }).all();
    expect(deep.results).toHaveLength(26);
    expect(deep.meta.rows_read).toBeLessThanOrEqual(60);
  });

  it('walks the same index forwards for ascending order: no sort, same row budget', async () => {
    const { sql, params } = listConversationsQuery('u', {
      limit: 25,
      cursor: encodeCursor([5, 'id']),
      sortDirection: 'asc',
    });
    const plan = (await queryPlan(env.DB, sql, params)).join('\n');
    expect(plan).toMatch(
      /SEARCH conversations USING INDEX conversations_list_idx \(userId=\? AND isArchived=\? AND \(updatedAt,conversationId\)>\(\?,\?\)/,
    );
    expect(plan).not.toMatch(/USE TEMP B-TREE/);

    const userId = await createUser(env.DB);
    await seedConversations(userId, 300, (i) => 1_700_000_000_000 + i);
    const result = await listConversationsStatement(env.DB, userId, { limit: 25, sortDirection: 'asc' }).all();
    expect(result.results).toHaveLength(26);
    expect(result.meta.rows_read).toBeLessThanOrEqual(60);
  });

  it('reads a rare tag through its links and a common one through the list: rows read follow the cheaper side', async () => {
    const userId = await createUser(env.DB);
    const ids = await seedConversations(userId, 300, (i) => 1_700_000_000_000 + i);
    const tagLinks = async (tag: string, every: number) => {
      await env.DB.prepare('INSERT INTO tags (id, userId, tag) VALUES (?1, ?2, ?3)')
        .bind(crypto.randomUUID(), userId, tag)
        .run();
      const link = env.DB.prepare('INSERT INTO conversation_tags (userId, conversationId, tag) VALUES (?1, ?2, ?3)');
      const tagged = ids.filter((_, i) => i % every === 0);
      await env.DB.batch(tagged.map((id) => link.bind(userId, id, tag)));
      return [...tagged].reverse();
    };
    const rare = await tagLinks('rare', 10); // 30 links
    const common = await tagLinks('common', 1); // 300 links, above TAG_LINKS_DRIVE_MAX

    const viaLinks = await listConversationsStatement(env.DB, userId, {
      limit: 25,
      tags: ['rare'],
      driveFromTags: true,
    }).all<{ conversationId: string }>();
    expect(viaLinks.results.map((row) => row.conversationId)).toEqual(rare.slice(0, 26));
    // The walk would read 260 conversations to find 26 rare ones; the links cost ~4 per link.
    expect(viaLinks.meta.rows_read).toBeLessThanOrEqual(4 * 30 + 10);
    const viaList = await listConversationsStatement(env.DB, userId, {
      limit: 25,
      tags: ['common'],
      driveFromTags: false,
    }).all<{ conversationId: string }>();
    expect(viaList.results.map((row) => row.conversationId)).toEqual(common.slice(0, 26));
    expect(viaList.meta.rows_read).toBeLessThanOrEqual(3 * 26 + 10);

    // listConversations picks the plan from the tags' counts, and pages the same either way.
    expect(300).toBeGreaterThan(TAG_LINKS_DRIVE_MAX);
    for (const [tag, expected] of [
      ['rare', rare],
      ['common', common],
    ] as const) {
      const listed: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof listConversations>> = await listConversations(env.DB, userId, {
          limit: 25,
          tags: [tag],
          cursor,
        });
        listed.push(...page.conversations.map((c) => c.conversationId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(listed).toEqual(expected);
    }
  });
});
