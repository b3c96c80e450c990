import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { storedMessageSchema, type StoredMessage } from '../contract/messages';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import { countTokens } from '../engine/tokens';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** A conversation of `user` with a question and a two-part reply (thinking, then text). */
async function seedConversation(user: UserRow) {
  const conversationId = await createConversation(env.DB, user.id, { title: 'Seeded' });
  const question = await createMessage(env.DB, user.id, conversationId, {
    text: 'What is a quokka?',
    createdAt: 1_000,
  });
  const reply = await createMessage(env.DB, user.id, conversationId, {
    parentMessageId: question,
    isCreatedByUser: false,
    sender: 'GPT-4o',
    endpoint: 'openAI',
    model: 'gpt-4o',
    text: 'A small marsupial.',
    content: [
      { type: 'think', think: 'The user asks about an animal.' },
      { type: 'text', text: 'A small marsupial.' },
    ],
    tokenCount: 42,
    finish_reason: 'stop',
    createdAt: 2_000,
  });
  return { conversationId, question, reply };
}

async function json<T>(res: Response): Promise<T> {
  return res.json<T>();
}

async function searchHits(userId: string, term: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT messageId FROM search_index WHERE search_index MATCH ?1 AND userId = ?2 AND kind = 'message'`,
  )
    .bind(`owner : "${userId.replaceAll('-', '')}" AND body : "${term}"`, userId)
    .all<{ messageId: string }>();
  return results.map((row) => row.messageId);
}

describe('GET /api/messages/:conversationId', () => {
  it('answers the flat list oldest first, in the wire shape', async () => {
    const user = await createTestUser();
    const { conversationId, question, reply } = await seedConversation(user);
    const res = await callAs(user, `/api/messages/${conversationId}`);
    expect(res.status).toBe(200);
    const body = await json<StoredMessage[]>(res);
    expect(body.map((message) => storedMessageSchema.parse(message).messageId)).toEqual([question, reply]);
    expect(body[0]).toEqual({
      messageId: question,
      conversationId,
      parentMessageId: NO_PARENT,
      sender: 'User',
      text: 'What is a quokka?',
      isCreatedByUser: true,
      endpoint: null,
      model: null,
      error: false,
      unfinished: false,
      createdAt: new Date(1_000).toISOString(),
      updatedAt: expect.any(String),
    });
    expect(body[1]).toMatchObject({
      parentMessageId: question,
      isCreatedByUser: false,
      sender: 'GPT-4o',
      content: [
        { type: 'think', think: 'The user asks about an animal.' },
        { type: 'text', text: 'A small marsupial.' },
      ],
      tokenCount: 42,
      finish_reason: 'stop',
    });
  });

  it('orders messages of the same millisecond by insertion', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const ids: string[] = [];
    // Ids in descending order, so the index order (createdAt, messageId) is the reverse of insertion.
    for (const prefix of ['c', 'b', 'a']) {
      ids.push(
        await createMessage(env.DB, user.id, conversationId, {
          messageId: `${prefix}-${crypto.randomUUID()}`,
          createdAt: 5_000,
        }),
      );
    }
    const body = await json<StoredMessage[]>(await callAs(user, `/api/messages/${conversationId}`));
    expect(body.map((message) => message.messageId)).toEqual(ids);
  });

  it('answers [] for an unknown conversation and for another user’s, never their messages', async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const { conversationId } = await seedConversation(alice);
    for (const id of [conversationId, crypto.randomUUID(), 'new']) {
      const res = await callAs(mallory, `/api/messages/${id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
  });

  it('hides the messages of an expired temporary chat', async () => {
    const user = await createTestUser();
    const expiredAt = Date.now() - 1_000;
    const conversationId = await createConversation(env.DB, user.id, { isTemporary: true, expiredAt });
    await createMessage(env.DB, user.id, conversationId, { text: 'gone', expiredAt });
    expect(await (await callAs(user, `/api/messages/${conversationId}`)).json()).toEqual([]);
  });
});

describe('GET /api/messages/:conversationId/:messageId', () => {
  it('answers one message, and 404 for another user or another conversation', async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const { conversationId, reply } = await seedConversation(alice);
    const own = await callAs(alice, `/api/messages/${conversationId}/${reply}`);
    expect(own.status).toBe(200);
    expect(storedMessageSchema.parse(await own.json()).text).toBe('A small marsupial.');

    const foreign = await callAs(mallory, `/api/messages/${conversationId}/${reply}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Message not found', code: 'not_found' });
    const other = await createConversation(env.DB, alice.id);
    expect((await callAs(alice, `/api/messages/${other}/${reply}`)).status).toBe(404);
  });
});

describe('PUT /api/messages/:conversationId/:messageId', () => {
  it('replaces the text and recounts its tokens', async () => {
    const user = await createTestUser();
    const { conversationId, question } = await seedConversation(user);
    const text = 'What is a wombat, exactly?';
    const res = await callAs(user, `/api/messages/${conversationId}/${question}`, 'PUT', { text, model: 'gpt-4o' });
    expect(res.status).toBe(200);
    const body = storedMessageSchema.parse(await res.json());
    expect(body).toMatchObject({ messageId: question, text, tokenCount: countTokens(text, 'gpt-4o') });
    const stored = await json<StoredMessage>(await callAs(user, `/api/messages/${conversationId}/${question}`));
    expect(stored.text).toBe(text);
    expect(stored.content).toBeUndefined();
  });

  it('keeps a single text part in step with a plain edit', async () => {
    const user = await createTestUser();
    const { conversationId, reply } = await seedConversation(user);
    const body = await json<StoredMessage>(
      await callAs(user, `/api/messages/${conversationId}/${reply}`, 'PUT', { text: 'A cheerful marsupial.' }),
    );
    expect(body.text).toBe('A cheerful marsupial.');
    expect(body.content).toEqual([
      { type: 'think', think: 'The user asks about an animal.' },
      { type: 'text', text: 'A cheerful marsupial.' },
    ]);
  });

  it('edits a content part by index and rebuilds the text from the text parts', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const messageId = await createMessage(env.DB, user.id, conversationId, {
      isCreatedByUser: false,
      text: '',
      content: [
        { type: 'text', text: 'Let me check. ' },
        { type: 'tool_call', tool_call: { id: 'call_1', name: 'search', args: '{}' } },
        { type: 'text', text: 'It is sunny.' },
      ],
      tokenCount: 100,
    });
    const res = await callAs(user, `/api/messages/${conversationId}/${messageId}`, 'PUT', {
      text: 'It is raining.',
      index: 2,
    });
    expect(res.status).toBe(200);
    const body = storedMessageSchema.parse(await res.json());
    expect(body.content?.[2]).toEqual({ type: 'text', text: 'It is raining.' });
    expect(body.content?.[1]).toMatchObject({ type: 'tool_call' });
    expect(body.text).toBe('Let me check. It is raining.');
    expect(body.tokenCount).toBe(100 - countTokens('It is sunny.') + countTokens('It is raining.'));
  });

  it('refuses an index outside the content, a non-text part and a message without content', async () => {
    const user = await createTestUser();
    const { conversationId, question, reply } = await seedConversation(user);
    const cases: [string, unknown, string][] = [
      [reply, { text: 'x', index: 5 }, 'Invalid index'],
      [reply, { text: 'x', index: -1 }, 'Invalid index'],
      [reply, { text: 'x', index: 1.5 }, 'Invalid index'],
      [reply, { text: 'x', index: '1' }, 'Invalid index'],
      [reply, { text: 'x', index: 0 }, 'Cannot update non-text content'],
      [question, { text: 'x', index: 0 }, 'Invalid index'],
    ];
    for (const [messageId, body, message] of cases) {
      const res = await callAs(user, `/api/messages/${conversationId}/${messageId}`, 'PUT', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    const stored = await json<StoredMessage>(await callAs(user, `/api/messages/${conversationId}/${reply}`));
    expect(stored.text).toBe('A small marsupial.');
  });

  it("answers 400 'Edited message text is required' for missing, empty or blank text", async () => {
    const user = await createTestUser();
    const { conversationId, question } = await seedConversation(user);
    for (const body of [{}, { text: '' }, { text: '  \n ' }, { text: null }, { text: 12 }]) {
      const res = await callAs(user, `/api/messages/${conversationId}/${question}`, 'PUT', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Edited message text is required', code: 'validation_error' });
    }
  });

  it("answers 400 'conversationId is required' when the path has none", async () => {
    const user = await createTestUser();
    const { conversationId, question } = await seedConversation(user);
    for (const path of [`/api/messages//${question}`, `/api/messages/${question}`]) {
      const res = await callAs(user, path, 'PUT', { text: 'edited' });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ message: 'conversationId is required', code: 'validation_error' });
    }
    // Before the text is looked at, like the client's own check.
    const blank = await callAs(user, `/api/messages//${question}`, 'PUT', { text: '' });
    expect(await blank.json()).toMatchObject({ message: 'conversationId is required' });
    // The id may come in the body instead.
    const viaBody = await callAs(user, `/api/messages//${question}`, 'PUT', { text: 'edited', conversationId });
    expect(viaBody.status).toBe(200);
    expect(await viaBody.json()).toMatchObject({ messageId: question, text: 'edited' });
  });

  it('only the owner edits: another user gets 404 and the message is unchanged', async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const { conversationId, question } = await seedConversation(alice);
    for (const path of [`/api/messages/${conversationId}/${question}`, `/api/messages//${question}`]) {
      const res = await callAs(mallory, path, 'PUT', { text: 'pwned', conversationId });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Message not found' });
    }
    const stored = await json<StoredMessage>(await callAs(alice, `/api/messages/${conversationId}/${question}`));
    expect(stored.text).toBe('What is a quokka?');
    expect(await searchHits(alice.id, 'pwned')).toEqual([]);
  });

  it('moves the search index with the edit: the new text is found, the old is not', async () => {
    const user = await createTestUser();
    const { conversationId, question, reply } = await seedConversation(user);
    expect(await searchHits(user.id, 'quokka')).toEqual([question]);
    await callAs(user, `/api/messages/${conversationId}/${question}`, 'PUT', { text: 'Tell me about platypuses' });
    expect(await searchHits(user.id, 'quokka')).toEqual([]);
    expect(await searchHits(user.id, 'platypuses')).toEqual([question]);

    await callAs(user, `/api/messages/${conversationId}/${reply}`, 'PUT', { text: 'An echidna relative.', index: 1 });
    expect(await searchHits(user.id, 'marsupial')).toEqual([]);
    expect(await searchHits(user.id, 'echidna')).toEqual([reply]);
  });

  it('answers 401 without a token', async () => {
    expect((await callAs(null, `/api/messages/${crypto.randomUUID()}`)).status).toBe(401);
    expect((await callAs(null, `/api/messages/a/b`, 'PUT', { text: 'x' })).status).toBe(401);
    expect((await callAs(null, `/api/messages//b`, 'PUT', { text: 'x' })).status).toBe(401);
  });
});
