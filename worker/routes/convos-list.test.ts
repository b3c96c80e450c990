import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { conversationPageSchema, type ConversationPage } from '../contract/convos';
import { createConversation } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import { tagConversation } from '../services/conversations/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** A page, held to the contract's shape (which refuses unknown fields). */
async function page(user: UserRow, query = ''): Promise<ConversationPage> {
  const res = await callAs(user, `/api/convos${query}`);
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${await res.text()}`);
  return conversationPageSchema.parse(await res.json());
}

/** Every page of a listing, following nextCursor. */
async function listAll(user: UserRow, query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const params = new URLSearchParams(query);
    if (cursor) params.set('cursor', cursor);
    const body = await page(user, `?${params}`);
    ids.push(...body.conversations.map((c) => c.conversationId));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('pagination did not end');
}

async function seed(
  userId: string,
  count: number,
  values: (i: number) => Parameters<typeof createConversation>[2],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await createConversation(env.DB, userId, values(i)));
  return ids;
}

describe('GET /api/convos', () => {
  it('answers {conversations, nextCursor} newest first with LibreChat list fields and ISO dates', async () => {
    const user = await createTestUser();
    const older = await createConversation(env.DB, user.id, {
      title: 'Older',
      updatedAt: Date.UTC(2025, 0, 1),
      createdAt: Date.UTC(2024, 0, 1),
    });
    const newer = await createConversation(env.DB, user.id, {
      title: 'Newer',
      updatedAt: Date.UTC(2025, 0, 2),
      agent_id: 'agent_1',
    });
    const body = await page(user);
    expect(body.nextCursor).toBeNull();
    expect(body.conversations.map((c) => c.conversationId)).toEqual([newer, older]);
    expect(body.conversations[1]).toEqual({
      conversationId: older,
      title: 'Older',
      user: user.id,
      endpoint: 'openAI',
      endpointType: null,
      model: 'gpt-4o-mini',
      agent_id: null,
      assistant_id: null,
      spec: null,
      iconURL: null,
      isArchived: false,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('pages across equal updatedAt values without skipping or repeating, in both directions', async () => {
    const user = await createTestUser();
    // Groups of 4 share a timestamp, so page boundaries of 3 fall inside ties.
    const ids = await seed(user.id, 13, (i) => ({ updatedAt: 1_700_000_000_000 + Math.floor(i / 4) }));
    const expected = ids
      .map((id, i) => ({ id, t: Math.floor(i / 4) }))
      .sort((a, b) => b.t - a.t || (a.id < b.id ? 1 : -1))
      .map((c) => c.id);
    expect(await listAll(user, { limit: '3' })).toEqual(expected);
    expect(await listAll(user, { limit: '3', sortDirection: 'asc' })).toEqual([...expected].reverse());
  });

  it('sorts by title and by createdAt, paging with the same cursor rules', async () => {
    const user = await createTestUser();
    const titles = ['delta', 'alpha', 'charlie', 'bravo', 'alpha', 'echo'];
    const ids = await seed(user.id, titles.length, (i) => ({
      title: titles[i],
      createdAt: 1_000 + (i % 3),
      updatedAt: 5_000 - i,
    }));
    const byTitle = ids
      .map((id, i) => ({ id, title: titles[i] ?? '' }))
      .sort((a, b) => (a.title === b.title ? (a.id < b.id ? -1 : 1) : a.title < b.title ? -1 : 1));
    expect(await listAll(user, { limit: '2', sortBy: 'title', sortDirection: 'asc' })).toEqual(
      byTitle.map((c) => c.id),
    );
    const byCreated = ids
      .map((id, i) => ({ id, t: 1_000 + (i % 3) }))
      .sort((a, b) => b.t - a.t || (a.id < b.id ? 1 : -1));
    expect(await listAll(user, { limit: '4', sortBy: 'createdAt' })).toEqual(byCreated.map((c) => c.id));
  });

  it("lists the archive apart, and never temporary chats or another user's conversations", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const active = await createConversation(env.DB, user.id);
    const archived = await createConversation(env.DB, user.id, { isArchived: true });
    await createConversation(env.DB, user.id, { isTemporary: true, expiredAt: Date.now() + 60_000 });
    await createConversation(env.DB, other.id);
    expect(await listAll(user, {})).toEqual([active]);
    expect(await listAll(user, { isArchived: 'false' })).toEqual([active]);
    expect(await listAll(user, { isArchived: 'true' })).toEqual([archived]);
  });

  it("filters by tags (any of them), in the tags and tags[] forms, only among the caller's links", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const [work, home, both, none] = await seed(user.id, 4, (i) => ({ updatedAt: 1_000 + i }));
    await tagConversation(user.id, work!, 'work');
    await tagConversation(user.id, home!, 'home');
    await tagConversation(user.id, both!, 'work');
    await tagConversation(user.id, both!, 'home');
    // Another user's conversation with the same tag name must not appear.
    await tagConversation(other.id, await createConversation(env.DB, other.id), 'work');
    expect(await listAll(user, { tags: 'work' })).toEqual([both, work]);
    expect((await page(user, '?tags[]=work&tags[]=home')).conversations.map((c) => c.conversationId)).toEqual([
      both,
      home,
      work,
    ]);
    expect((await page(user, '?tags=home&tags=home')).conversations.map((c) => c.conversationId)).toEqual([both, home]);
    expect((await page(user, '?tags=nothing')).conversations).toEqual([]);
    expect(none).toBeDefined();
  });

  it('searches titles (any case, wildcards taken literally), with paging and in the archive', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const titles = [
      'Trip to Lisbon',
      'lisbon food',
      'Budget 100%',
      'Budget 1000',
      'Work notes',
      'snake_case names',
      'snakeXcase',
    ];
    const ids = await seed(user.id, titles.length, (i) => ({ title: titles[i], updatedAt: 1_000 + i }));
    const archived = await createConversation(env.DB, user.id, { title: 'Old Lisbon plans', isArchived: true });
    await createConversation(env.DB, other.id, { title: 'Lisbon too' });
    expect(await listAll(user, { search: 'LISBON' })).toEqual([ids[1], ids[0]]);
    expect(await listAll(user, { search: 'lisbon', limit: '1' })).toEqual([ids[1], ids[0]]);
    expect(await listAll(user, { search: '100%' })).toEqual([ids[2]]);
    expect(await listAll(user, { search: 'e_c' })).toEqual([ids[5]]);
    expect(await listAll(user, { search: 'lisbon', isArchived: 'true' })).toEqual([archived]);
    expect(await listAll(user, { search: 'lisbon', sortBy: 'title', sortDirection: 'asc' })).toEqual([ids[0], ids[1]]);
    // Blank is no search.
    expect(await listAll(user, { search: '  ' })).toHaveLength(titles.length);
    expect((await callAs(user, `/api/convos?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('clamps the limit: 25 by default, at most 100, at least 1', async () => {
    const user = await createTestUser();
    const insert = env.DB.prepare('INSERT INTO conversations (conversationId, userId, updatedAt) VALUES (?1, ?2, ?3)');
    await env.DB.batch(Array.from({ length: 105 }, (_, i) => insert.bind(crypto.randomUUID(), user.id, i)));
    expect((await page(user)).conversations).toHaveLength(25);
    expect((await page(user, '?limit=1000')).conversations).toHaveLength(100);
    expect((await page(user, '?limit=0')).conversations).toHaveLength(1);
    const last = await page(user, '?limit=100');
    expect(last.nextCursor).not.toBeNull();
    expect((await page(user, `?limit=100&cursor=${last.nextCursor}`)).conversations).toHaveLength(5);
  });

  it('answers 400 naming the parameter for malformed input', async () => {
    const user = await createTestUser();
    const cases: [string, string][] = [
      ['?limit=ten', 'limit: limit must be a whole number'],
      ['?isArchived=yes', 'isArchived: isArchived must be true or false'],
      ['?sortBy=model', 'sortBy: sortBy must be one of updatedAt, createdAt, title'],
      ['?sortDirection=up', 'sortDirection: sortDirection must be asc or desc'],
      ['?cursor=garbage!', 'cursor: Invalid cursor'],
      [`?tags=${'x'.repeat(300)}`, 'tags'],
      [`?${Array.from({ length: 21 }, (_, i) => `tags=t${i}`).join('&')}`, 'at most 20 tags'],
    ];
    for (const [query, message] of cases) {
      const res = await callAs(user, `/api/convos${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json<{ message: string }>()).message, query).toContain(message);
    }
  });

  it('refuses a title cursor in a date sort (a cursor is only valid for its own sort)', async () => {
    const user = await createTestUser();
    await seed(user.id, 3, () => ({}));
    const titled = await page(user, '?limit=1&sortBy=title');
    expect(titled.nextCursor).not.toBeNull();
    const res = await callAs(user, `/api/convos?limit=1&cursor=${titled.nextCursor}`);
    expect(res.status).toBe(400);
  });
});
