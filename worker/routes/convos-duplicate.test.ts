import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { conversationResponseSchema, storedMessageSchema } from '../contract/messages';
import { createConversation, createMessage } from '../db/test-helpers';
import { MAX_DUPLICATE_MESSAGES } from '../services/conversations/duplicate';
import {
  checkDuplicateLimit,
  DUPLICATE_LIMIT_MESSAGE,
  DUPLICATE_USER_MAX,
  DUPLICATE_WINDOW_MS,
} from '../services/conversations/duplicate-limit';
import { userFootprint } from '../services/conversations/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

describe('POST /api/convos/duplicate', () => {
  it('copies the conversation and its message tree under new ids, answering 201 {conversation, messages}', async () => {
    const user = await createTestUser();
    const sourceId = await createConversation(env.DB, user.id, {
      title: 'Original',
      model: 'gpt-4o',
      temperature: 0.4,
      isArchived: true,
      createdAt: 1_000,
      updatedAt: 1_000,
    });
    const root = await createMessage(env.DB, user.id, sourceId, { text: 'hello', createdAt: 10 });
    const reply = await createMessage(env.DB, user.id, sourceId, {
      parentMessageId: root,
      text: 'hi there',
      isCreatedByUser: false,
      sender: 'GPT-4o',
      createdAt: 20,
      content: [{ type: 'text', text: 'hi there' }],
    });
    const branch = await createMessage(env.DB, user.id, sourceId, {
      parentMessageId: root,
      text: 'another answer',
      isCreatedByUser: false,
      createdAt: 20,
    });
    const dangling = await createMessage(env.DB, user.id, sourceId, {
      parentMessageId: crypto.randomUUID(),
      text: 'orphan',
      createdAt: 30,
    });

    const res = await callAs(user, '/api/convos/duplicate', 'POST', { conversationId: sourceId });
    expect(res.status).toBe(201);
    const body = await res.json<{ conversation: unknown; messages: unknown[] }>();
    expect(Object.keys(body).sort()).toEqual(['conversation', 'messages']);
    const conversation = conversationResponseSchema.parse(body.conversation);
    const messages = storedMessageSchema.array().parse(body.messages);

    expect(conversation.conversationId).not.toBe(sourceId);
    expect(conversation).toMatchObject({
      title: 'Original',
      model: 'gpt-4o',
      temperature: 0.4,
      isArchived: false,
      user: user.id,
    });
    expect(Date.parse(conversation.createdAt)).toBeGreaterThan(1_000);
    expect(messages.map((m) => m.text)).toEqual(['hello', 'hi there', 'another answer', 'orphan']);
    const oldIds = new Set([root, reply, branch, dangling]);
    for (const message of messages) {
      expect(oldIds.has(message.messageId)).toBe(false);
      expect(message.conversationId).toBe(conversation.conversationId);
    }
    const [newRoot, newReply, newBranch, newOrphan] = messages;
    expect(newRoot?.parentMessageId).toBe(NO_PARENT);
    expect(newReply?.parentMessageId).toBe(newRoot?.messageId);
    expect(newBranch?.parentMessageId).toBe(newRoot?.messageId);
    // A parent outside the conversation is not carried over into the copy.
    expect(newOrphan?.parentMessageId).toBe(NO_PARENT);
    expect(newReply).toMatchObject({
      sender: 'GPT-4o',
      isCreatedByUser: false,
      content: [{ type: 'text', text: 'hi there' }],
      createdAt: new Date(20).toISOString(),
    });

    // The original is untouched, and the copy is searchable and listed.
    const original = await (await callAs(user, `/api/messages/${sourceId}`)).json<{ messageId: string }[]>();
    expect(original.map((m) => m.messageId).sort()).toEqual([...oldIds].sort());
    const indexed = await env.DB.prepare('SELECT count(*) AS n FROM search_index WHERE conversationId = ?1')
      .bind(conversation.conversationId)
      .first<{ n: number }>();
    expect(indexed?.n).toBe(5);
    const list = await (await callAs(user, '/api/convos')).json<{ conversations: { conversationId: string }[] }>();
    expect(list.conversations[0]?.conversationId).toBe(conversation.conversationId);
  });

  it('takes a new title (trimmed), and copies a conversation of more than one insert chunk', async () => {
    const user = await createTestUser();
    const sourceId = await createConversation(env.DB, user.id, { title: 'Long one' });
    const insert = env.DB.prepare(
      'INSERT INTO messages (messageId, conversationId, userId, parentMessageId, text, createdAt) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
    );
    const ids = Array.from({ length: 1_200 }, () => crypto.randomUUID());
    await env.DB.batch(
      ids.map((id, i) =>
        insert.bind(id, sourceId, user.id, i === 0 ? NO_PARENT : ids[i - 1], `message ${i}`, 1_000 + i),
      ),
    );

    const res = await callAs(user, '/api/convos/duplicate', 'POST', {
      conversationId: sourceId,
      title: '  Copy of long one ',
    });
    expect(res.status).toBe(201);
    const body = await res.json<{
      conversation: { title: string };
      messages: { messageId: string; parentMessageId: string; text: string }[];
    }>();
    expect(body.conversation.title).toBe('Copy of long one');
    expect(body.messages).toHaveLength(1_200);
    body.messages.forEach((message, i) => {
      expect(message.text).toBe(`message ${i}`);
      expect(message.parentMessageId).toBe(i === 0 ? NO_PARENT : body.messages[i - 1]?.messageId);
    });
  });

  it(`refuses a conversation of more than ${MAX_DUPLICATE_MESSAGES} messages with 413, writing nothing`, async () => {
    const user = await createTestUser();
    const sourceId = await createConversation(env.DB, user.id);
    const insert = env.DB.prepare(
      'INSERT INTO messages (messageId, conversationId, userId, parentMessageId) VALUES (?1, ?2, ?3, ?4)',
    );
    const rows = Array.from({ length: MAX_DUPLICATE_MESSAGES + 1 }, () =>
      insert.bind(crypto.randomUUID(), sourceId, user.id, NO_PARENT),
    );
    for (let start = 0; start < rows.length; start += 1_000) await env.DB.batch(rows.slice(start, start + 1_000));
    const before = await userFootprint(user.id);

    const res = await callAs(user, '/api/convos/duplicate', 'POST', { conversationId: sourceId });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: `This conversation is too long to duplicate: it has more than ${MAX_DUPLICATE_MESSAGES} messages.`,
      code: 'payload_too_large',
    });
    expect(await userFootprint(user.id)).toEqual(before);
  });

  it("answers 404 for another user's conversation and an unknown id, copying nothing", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const sourceId = await createConversation(env.DB, alice.id, { title: 'Secret' });
    await createMessage(env.DB, alice.id, sourceId, { text: 'secret text' });
    for (const [user, id] of [
      [mallory, sourceId],
      [alice, crypto.randomUUID()],
    ] as const) {
      const res = await callAs(user, '/api/convos/duplicate', 'POST', { conversationId: id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
    }
    expect(await userFootprint(mallory.id)).toMatchObject({ conversations: 0, messages: 0 });
    expect(await userFootprint(alice.id)).toMatchObject({ conversations: 1, messages: 1 });
  });

  it('answers 400 naming the field for malformed bodies', async () => {
    const user = await createTestUser();
    const sourceId = await createConversation(env.DB, user.id);
    const cases: [unknown, string][] = [
      [{}, 'conversationId: conversationId is required'],
      [{ conversationId: 5 }, 'conversationId: conversationId is required'],
      [{ conversationId: sourceId, title: '' }, 'title: title must not be empty'],
      [{ conversationId: sourceId, title: 'z'.repeat(101) }, 'title: title must be at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await callAs(user, '/api/convos/duplicate', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    expect(await userFootprint(user.id)).toMatchObject({ conversations: 1 });
  });

  it(`rate-limits each user to ${DUPLICATE_USER_MAX} duplicates a minute (429 with Retry-After), others unaffected`, async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const sourceId = await createConversation(env.DB, user.id);
    expect((await callAs(user, '/api/convos/duplicate', 'POST', { conversationId: sourceId })).status).toBe(201);
    // The rest of the allowance used up at once, so the test cannot straddle a window edge.
    for (let i = 1; i < DUPLICATE_USER_MAX; i++) await checkDuplicateLimit(env.DB, user.id);
    const limited = await callAs(user, '/api/convos/duplicate', 'POST', { conversationId: sourceId });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: DUPLICATE_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(await userFootprint(user.id)).toMatchObject({ conversations: 2 });
    const theirs = await createConversation(env.DB, other.id);
    expect((await callAs(other, '/api/convos/duplicate', 'POST', { conversationId: theirs })).status).toBe(201);
  });
});

describe('checkDuplicateLimit', () => {
  it('allows the maximum per window and starts again in the next window', async () => {
    const userId = crypto.randomUUID();
    const windowStart = Math.floor(Date.now() / DUPLICATE_WINDOW_MS) * DUPLICATE_WINDOW_MS + 10 * DUPLICATE_WINDOW_MS;
    for (let i = 0; i < DUPLICATE_USER_MAX; i++) {
      expect(await checkDuplicateLimit(env.DB, userId, windowStart + i)).toEqual({ allowed: true });
    }
    expect(await checkDuplicateLimit(env.DB, userId, windowStart + 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    expect(await checkDuplicateLimit(env.DB, userId, windowStart + DUPLICATE_WINDOW_MS)).toEqual({ allowed: true });
  });
});
