import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { conversationResponseSchema, genTitleResponseSchema } from '../contract/messages';
import { createConversation } from '../db/test-helpers';
import type { Env } from '../env';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const TITLE_NOT_FOUND = "Title not found or method not implemented for the conversation's endpoint";

async function tag(userId: string, conversationId: string, name: string): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('INSERT OR IGNORE INTO tags (id, userId, tag) VALUES (?1, ?2, ?3)').bind(
      crypto.randomUUID(),
      userId,
      name,
    ),
    env.DB.prepare('INSERT INTO conversation_tags (userId, conversationId, tag) VALUES (?1, ?2, ?3)').bind(
      userId,
      conversationId,
      name,
    ),
  ]);
}

describe('GET /api/convos/:conversationId', () => {
  it('answers the conversation with its set options, tags and ISO dates', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, {
      title: 'Quokkas',
      endpoint: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
      temperature: 0.5,
      promptCache: true,
      stop: ['END'],
      promptPrefix: 'Be brief.',
      createdAt: Date.UTC(2025, 0, 2),
      updatedAt: Date.UTC(2025, 0, 3),
    });
    await tag(user.id, conversationId, 'animals');
    await tag(user.id, conversationId, 'saved');

    const res = await callAs(user, `/api/convos/${conversationId}`);
    expect(res.status).toBe(200);
    const body = conversationResponseSchema.parse(await res.json());
    expect(body).toEqual({
      conversationId,
      user: user.id,
      title: 'Quokkas',
      endpoint: 'anthropic',
      endpointType: null,
      model: 'claude-3-5-sonnet-latest',
      temperature: 0.5,
      promptCache: true,
      stop: ['END'],
      promptPrefix: 'Be brief.',
      isArchived: false,
      expiredAt: null,
      tags: expect.arrayContaining(['animals', 'saved']),
      createdAt: '2025-01-02T00:00:00.000Z',
      updatedAt: '2025-01-03T00:00:00.000Z',
    });
    expect(body.tags).toHaveLength(2);
  });

  it('never shows internal columns, and shows a temporary chat as such', async () => {
    const user = await createTestUser();
    // Tags elsewhere, of this user and another, must not show up on this conversation.
    const other = await createTestUser();
    await tag(user.id, await createConversation(env.DB, user.id), 'mine-elsewhere');
    await tag(other.id, await createConversation(env.DB, other.id), 'theirs');
    const expiredAt = Date.now() + 60_000;
    const conversationId = await createConversation(env.DB, user.id, {
      isTemporary: true,
      expiredAt,
      isArchived: true,
    });
    const body = await (await callAs(user, `/api/convos/${conversationId}`)).json<Record<string, unknown>>();
    expect(body).not.toHaveProperty('seq');
    expect(body).not.toHaveProperty('userId');
    expect(body).toMatchObject({
      isTemporary: true,
      isArchived: true,
      expiredAt: new Date(expiredAt).toISOString(),
      tags: [],
    });
  });

  it("answers 404 for another user's conversation, an unknown one and an expired temporary chat", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const conversationId = await createConversation(env.DB, alice.id, { title: 'Private plans' });
    const expired = await createConversation(env.DB, alice.id, { isTemporary: true, expiredAt: Date.now() - 1 });
    for (const [user, id] of [
      [mallory, conversationId],
      [alice, crypto.randomUUID()],
      [alice, expired],
    ] as const) {
      const res = await callAs(user, `/api/convos/${id}`);
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ message: 'Conversation not found', code: 'not_found' });
      expect(body).not.toContain('Private plans');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await callAs(null, `/api/convos/${crypto.randomUUID()}`)).status).toBe(401);
  });
});

describe('POST /api/convos/gen_title', () => {
  it('answers a title already in D1 without asking the Durable Object', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, { title: 'Marsupials Of Australia' });
    const res = await callAs(user, '/api/convos/gen_title', 'POST', { conversationId });
    expect(res.status).toBe(200);
    expect(genTitleResponseSchema.parse(await res.json())).toEqual({ title: 'Marsupials Of Australia' });
  });

  it('asks the Durable Object while the title is still "New Chat", and answers 404 when it has none', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    // No run ever started for this conversation: the DO finds no title job and no title in D1.
    const started = Date.now();
    const res = await callAs(user, '/api/convos/gen_title', 'POST', { conversationId });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: TITLE_NOT_FOUND, code: 'not_found' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('finds the title the Durable Object reads back from D1 once it has been written', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    // The test env types the binding without its class; the app's Env has the RPC methods.
    const namespace = (env as unknown as Env).CONVERSATION;
    const stub = namespace.get(namespace.idFromName(conversationId));
    // What the DO answers for this user once a title exists (route → DO → D1, owner-scoped).
    await env.DB.prepare('UPDATE conversations SET title = ?1 WHERE conversationId = ?2')
      .bind('Generated Title', conversationId)
      .run();
    expect(await stub.awaitTitle(user.id, 1_000)).toBe('Generated Title');
    expect(await stub.awaitTitle(crypto.randomUUID(), 1_000)).toBeNull();
  });

  it("answers 404 for another user's conversation, without revealing its title", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const conversationId = await createConversation(env.DB, alice.id, { title: 'Secret Project' });
    const res = await callAs(mallory, '/api/convos/gen_title', 'POST', { conversationId });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Secret Project');
  });

  it("answers 400 'conversationId is required' without one", async () => {
    const user = await createTestUser();
    for (const body of [{}, { conversationId: '' }, { conversationId: null }]) {
      const res = await callAs(user, '/api/convos/gen_title', 'POST', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'conversationId is required', code: 'validation_error' });
    }
  });
});
