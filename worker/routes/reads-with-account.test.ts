import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConversation, createMessage } from '../db/test-helpers';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

// The reads the app makes on every page and every switch of conversation (the conversation
// list, the presets, one conversation's messages and record) each go with the account in one
// D1 batch (middleware/auth.ts readWithAccount) rather than after reading it.

async function storedConversation() {
  const user = await createTestUser();
  const conversationId = await createConversation(env.DB, user.id, { title: 'Opened' });
  const question = await createMessage(env.DB, user.id, conversationId, { text: 'Hello?', createdAt: 1_000 });
  await createMessage(env.DB, user.id, conversationId, { parentMessageId: question, isCreatedByUser: false });
  return { user, conversationId, headers: await authHeader(user) };
}

const paths = (conversationId: string) => ({
  messages: `/api/messages/${conversationId}`,
  conversation: `/api/convos/${conversationId}`,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Calls the app watching D1: the request must ask D1 nothing but one batch of two statements,
 * the account's and the route's own.
 */
async function inOneBatch(path: string, headers: Record<string, string>): Promise<Response> {
  const prepare = vi.spyOn(env.DB, 'prepare');
  const batch = vi.spyOn(env.DB, 'batch');
  const res = await callApp(path, { headers });
  expect(batch.mock.calls.map(([statements]) => statements.length)).toEqual([2]);
  expect(prepare).toHaveBeenCalledTimes(2);
  return res;
}

describe.each(['messages', 'conversation'] as const)('GET %s of one conversation', (kind) => {
  it('reads the account and the conversation in one round trip to D1', async () => {
    const { conversationId, headers } = await storedConversation();
    const res = await inOneBatch(paths(conversationId)[kind], headers);

    expect(res.status).toBe(200);
    const body = await res.json<{ title?: string } | { text: string }[]>();
    if (kind === 'messages') expect(Array.isArray(body) && body.map((message) => message.text)[0]).toBe('Hello?');
    else expect(body).toMatchObject({ conversationId, title: 'Opened', tags: [] });
  });

  it("answers 401 for a deleted account's token, and for no token", async () => {
    const { user, conversationId, headers } = await storedConversation();
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
    expect((await callApp(paths(conversationId)[kind], { headers })).status).toBe(401);
    expect((await callApp(paths(conversationId)[kind])).status).toBe(401);
  });

  it("does not show another user's conversation", async () => {
    const { conversationId } = await storedConversation();
    const { headers: strangers } = await storedConversation();
    const res = await callApp(paths(conversationId)[kind], { headers: strangers });
    if (kind === 'messages') expect(await res.json()).toEqual([]);
    else expect(res.status).toBe(404);
  });
});

describe('GET /api/convos (the list)', () => {
  it('reads the account and the page in one round trip to D1', async () => {
    const { headers } = await storedConversation();
    const res = await inOneBatch('/api/convos?limit=25&isArchived=false', headers);

    expect(res.status).toBe(200);
    expect((await res.json<{ conversations: { title: string }[] }>()).conversations.map(({ title }) => title)).toEqual([
      'Opened',
    ]);
  });

  it('reads the plan of a tag filter first, then the account and the page together', async () => {
    const { headers } = await storedConversation();
    const batch = vi.spyOn(env.DB, 'batch');
    const res = await callApp('/api/convos?tags=work', { headers });
    expect(res.status).toBe(200);
    expect(batch.mock.calls.map(([statements]) => statements.length)).toEqual([2]);
    expect((await res.json<{ conversations: unknown[] }>()).conversations).toEqual([]);
  });

  it("answers 401 for a deleted account's token, and 400 for a cursor it did not issue", async () => {
    const { user, headers } = await storedConversation();
    expect((await callApp('/api/convos?cursor=forged', { headers })).status).toBe(400);
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
    expect((await callApp('/api/convos', { headers })).status).toBe(401);
  });
});

describe('GET /api/presets', () => {
  it('reads the account and the presets in one round trip to D1', async () => {
    const { headers } = await storedConversation();
    const saved = await callApp('/api/presets', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ presetId: crypto.randomUUID(), title: 'Terse', endpoint: 'openAI', model: 'gpt-4o' }),
    });
    expect(saved.status).toBe(201);
    const res = await inOneBatch('/api/presets', headers);

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject([{ title: 'Terse', endpoint: 'openAI', model: 'gpt-4o' }]);
  });

  it("answers 401 for a deleted account's token", async () => {
    const { user, headers } = await storedConversation();
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
    expect((await callApp('/api/presets', { headers })).status).toBe(401);
  });
});

describe('routes gated by a role permission (middleware/permissions.ts requireAuthWithPermissions)', () => {
  it.each(['/api/tags', '/api/agents', '/api/prompts/groups'])(
    '%s reads the account and its role’s permissions in one round trip, before its own',
    async (path) => {
      const { headers } = await storedConversation();
      const batch = vi.spyOn(env.DB, 'batch');
      const prepare = vi.spyOn(env.DB, 'prepare');

      const res = await callApp(path, { headers });

      expect(res.status).toBe(200);
      // Nothing was asked of D1 before a first batch of exactly two statements: the account's
      // and the role's.
      const firstBatchAt = batch.mock.invocationCallOrder[0] ?? Number.POSITIVE_INFINITY;
      expect(prepare.mock.invocationCallOrder.filter((order) => order < firstBatchAt)).toHaveLength(2);
      expect(batch.mock.calls[0]?.[0]).toHaveLength(2);
      expect(prepare.mock.calls.slice(0, 2).map(([sql]) => /FROM roles/.test(sql))).toContain(true);
    },
  );

  it('still answers 403 when the role has lost the permission, and 401 without an account', async () => {
    const { user, headers } = await storedConversation();
    await env.DB.prepare(
      `UPDATE roles SET permissions = json_set(permissions, '$.BOOKMARKS.USE', json('false')) WHERE name = ?1`,
    )
      .bind(user.role)
      .run();
    try {
      expect((await callApp('/api/tags', { headers })).status).toBe(403);
    } finally {
      await env.DB.prepare(
        `UPDATE roles SET permissions = json_set(permissions, '$.BOOKMARKS.USE', json('true')) WHERE name = ?1`,
      )
        .bind(user.role)
        .run();
    }
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
    expect((await callApp('/api/tags', { headers })).status).toBe(401);
  });
});

describe('GET /api/roles/{role}', () => {
  it("reads the account and the role's permissions in one round trip to D1", async () => {
    const { user, headers } = await storedConversation();
    const res = await inOneBatch(`/api/roles/${user.role}`, headers);

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: user.role, permissions: { BOOKMARKS: { USE: true } } });
  });

  it('refuses ADMIN to a user who is not one, and answers 401 without an account', async () => {
    const { user, headers } = await storedConversation();
    expect(user.role).toBe('USER');
    expect((await callApp('/api/roles/ADMIN', { headers })).status).toBe(403);
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
    expect((await callApp('/api/roles/USER', { headers })).status).toBe(401);
  });
});
