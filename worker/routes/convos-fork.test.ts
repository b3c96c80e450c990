import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { MAX_FORK_MESSAGES, forkResponseSchema, type ForkResponse } from '../contract/fork';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import { FORK_USER_MAX } from '../services/fork/limit';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/**
 * A branched conversation: q1 → a1 → q2 → a2, with an alternative reply a1b to q1 and an
 * alternative question q2b to a1 (an edit), created in that order.
 */
async function seedBranched(user: UserRow) {
  const conversationId = await createConversation(env.DB, user.id, {
    title: 'Branchy',
    model: 'gpt-4o',
    temperature: 0.3,
  });
  let at = 1_000;
  const add = (text: string, parentMessageId: string, isCreatedByUser: boolean) =>
    createMessage(env.DB, user.id, conversationId, {
      text,
      parentMessageId,
      isCreatedByUser,
      sender: isCreatedByUser ? 'User' : 'GPT-4o',
      createdAt: (at += 1_000),
      ...(isCreatedByUser ? {} : { content: [{ type: 'text', text }], tokenCount: 7 }),
    });
  const q1 = await add('first question', NO_PARENT, true);
  const a1 = await add('first answer', q1, false);
  const q2 = await add('second question', a1, true);
  const a2 = await add('second answer', q2, false);
  const a1b = await add('first answer, regenerated', q1, false);
  const q2b = await add('second question, edited', a1, true);
  return { conversationId, ids: { q1, a1, q2, a2, a1b, q2b } };
}

async function fork(user: UserRow | null, body: unknown): Promise<Response> {
  return callAs(user, '/api/convos/fork', 'POST', body);
}

async function forked(res: Response): Promise<ForkResponse> {
  expect(res.status).toBe(200);
  return forkResponseSchema.parse(await res.json());
}

/** The fork's messages as `text → parent's text` (ids are new, so texts identify them). */
function shape(result: ForkResponse): Record<string, string> {
  const byId = new Map(result.messages.map((m) => [m.messageId, m.text]));
  return Object.fromEntries(
    result.messages.map((m) => [
      m.text,
      m.parentMessageId === NO_PARENT ? 'root' : (byId.get(m.parentMessageId) ?? 'MISSING'),
    ]),
  );
}

async function countConversations(userId: string): Promise<number> {
  return (
    (await env.DB.prepare('SELECT count(*) AS n FROM conversations WHERE userId = ?')
      .bind(userId)
      .first<number>('n')) ?? 0
  );
}

describe('POST /api/convos/fork', () => {
  it('directPath copies the path to the message into a new conversation with new ids', async () => {
    const user = await createTestUser();
    const { conversationId, ids } = await seedBranched(user);
    const result = await forked(await fork(user, { conversationId, messageId: ids.q2, option: 'directPath' }));

    expect(result.conversation).toMatchObject({
      title: 'Branchy',
      model: 'gpt-4o',
      temperature: 0.3,
      user: user.id,
      isArchived: false,
      tags: [],
    });
    expect(result.conversation.conversationId).not.toBe(conversationId);
    expect(shape(result)).toEqual({
      'first question': 'root',
      'first answer': 'first question',
      'second question': 'first answer',
    });
    for (const message of result.messages) {
      expect(message.conversationId).toBe(result.conversation.conversationId);
      expect(Object.values(ids)).not.toContain(message.messageId);
    }
    // Everything but ids is copied: content, token counts, sender.
    expect(result.messages[1]).toMatchObject({
      sender: 'GPT-4o',
      content: [{ type: 'text', text: 'first answer' }],
      tokenCount: 7,
    });

    // The new conversation is really stored, and the source is untouched.
    const stored = await callAs(user, `/api/messages/${result.conversation.conversationId}`);
    expect((await stored.json<unknown[]>()).length).toBe(3);
    expect((await (await callAs(user, `/api/messages/${conversationId}`)).json<unknown[]>()).length).toBe(6);
  });

  it('includeBranches adds the alternatives along the path', async () => {
    const user = await createTestUser();
    const { conversationId, ids } = await seedBranched(user);
    const result = await forked(await fork(user, { conversationId, messageId: ids.q2, option: 'includeBranches' }));
    expect(shape(result)).toEqual({
      'first question': 'root',
      'first answer': 'first question',
      'first answer, regenerated': 'first question',
      'second question': 'first answer',
      'second question, edited': 'first answer',
    });
  });

  it('targetLevel (also the default) copies every branch down to the message’s depth', async () => {
    const user = await createTestUser();
    const { conversationId, ids } = await seedBranched(user);
    const explicit = await forked(await fork(user, { conversationId, messageId: ids.a1, option: 'targetLevel' }));
    expect(shape(explicit)).toEqual({
      'first question': 'root',
      'first answer': 'first question',
      'first answer, regenerated': 'first question',
    });
    const byDefault = await forked(await fork(user, { conversationId, messageId: ids.a2 }));
    expect(byDefault.messages).toHaveLength(6);
  });

  it('splitAtTarget starts the new conversation at the message, which becomes a root', async () => {
    const user = await createTestUser();
    const { conversationId, ids } = await seedBranched(user);
    const result = await forked(
      await fork(user, {
        conversationId,
        messageId: ids.q2,
        option: 'directPath',
        splitAtTarget: true,
        latestMessageId: ids.a2,
      }),
    );
    expect(shape(result)).toEqual({ 'second question': 'root', 'second answer': 'second question' });

    const refused = await fork(user, {
      conversationId,
      messageId: ids.q2,
      splitAtTarget: true,
      latestMessageId: ids.a1b,
    });
    expect(refused.status).toBe(400);
  });

  it('keeps every copy after its parent in time, so the list order reads as the tree', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const q = await createMessage(env.DB, user.id, conversationId, { text: 'q', createdAt: 5_000 });
    await createMessage(env.DB, user.id, conversationId, {
      text: 'a',
      parentMessageId: q,
      isCreatedByUser: false,
      createdAt: 5_000,
    });
    const result = await forked(await fork(user, { conversationId, messageId: q, option: 'targetLevel' }));
    expect(result.messages.map((m) => m.text)).toEqual(['q']);
    const both = await forked(await fork(user, { conversationId, messageId: q, splitAtTarget: true }));
    expect(both.messages.map((m) => m.text)).toEqual(['q', 'a']);
    expect(Date.parse(both.messages[1]?.createdAt ?? '')).toBeGreaterThan(
      Date.parse(both.messages[0]?.createdAt ?? ''),
    );
  });

  it("answers 404 for another user's conversation or message, and creates nothing", async () => {
    const owner = await createTestUser();
    const intruder = await createTestUser();
    const { conversationId, ids } = await seedBranched(owner);
    const before = await countConversations(intruder.id);

    const res = await fork(intruder, { conversationId, messageId: ids.q2, option: 'directPath' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });

    // The intruder's own conversation with the owner's message id: still nothing.
    const own = await createConversation(env.DB, intruder.id);
    const mixed = await fork(intruder, { conversationId: own, messageId: ids.q2 });
    expect(mixed.status).toBe(404);
    expect(await mixed.json()).toMatchObject({ message: 'Message not found' });
    expect(await countConversations(intruder.id)).toBe(before + 1);
    expect(await countConversations(owner.id)).toBe(1);
  });

  it('validates the body', async () => {
    const user = await createTestUser();
    const { conversationId, ids } = await seedBranched(user);
    expect((await fork(user, { messageId: ids.q1 })).status).toBe(400);
    expect((await fork(user, { conversationId })).status).toBe(400);
    expect((await fork(user, { conversationId, messageId: ids.q1, option: 'everything' })).status).toBe(400);
    expect((await fork(user, { conversationId, messageId: ids.q1, splitAtTarget: 'yes' })).status).toBe(400);
  });

  it(`refuses a conversation of more than ${MAX_FORK_MESSAGES} messages with 413, creating nothing`, async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const insert = env.DB.prepare(
      'INSERT INTO messages (messageId, conversationId, userId, parentMessageId, text) VALUES (?, ?, ?, ?, ?)',
    );
    const rows = Array.from({ length: MAX_FORK_MESSAGES + 1 }, () => crypto.randomUUID());
    for (let start = 0; start < rows.length; start += 500) {
      await env.DB.batch(
        rows.slice(start, start + 500).map((id) => insert.bind(id, conversationId, user.id, NO_PARENT, 'x')),
      );
    }
    const res = await fork(user, { conversationId, messageId: rows[0] });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'fork_too_large' });
    expect(await countConversations(user.id)).toBe(1);
  });

  it(`copies a conversation of exactly ${MAX_FORK_MESSAGES} messages in one request`, async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const insert = env.DB.prepare(
      'INSERT INTO messages (messageId, conversationId, userId, parentMessageId, text, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const ids = Array.from({ length: MAX_FORK_MESSAGES }, () => crypto.randomUUID());
    // One long chain: the deepest possible tree, every message on the path.
    const rows = ids.map((id, i) =>
      insert.bind(id, conversationId, user.id, i === 0 ? NO_PARENT : ids[i - 1], `m${i}`, 1_000 + i),
    );
    for (let start = 0; start < rows.length; start += 500) await env.DB.batch(rows.slice(start, start + 500));
    const result = await forked(await fork(user, { conversationId, messageId: ids.at(-1), option: 'directPath' }));
    expect(result.messages).toHaveLength(MAX_FORK_MESSAGES);
    expect(result.messages.map((m) => m.text).slice(0, 3)).toEqual(['m0', 'm1', 'm2']);
    expect(result.messages[1]?.parentMessageId).toBe(result.messages[0]?.messageId);
  });

  it(`limits each user to ${FORK_USER_MAX} forks a minute (429 with Retry-After), per user`, async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    // A window boundary between the requests would reset the count; invalid bodies count too.
    for (let i = 0; i < FORK_USER_MAX; i++) expect((await fork(user, {})).status).toBe(400);
    const limited = await fork(user, {});
    if (limited.status !== 429) {
      // Crossed into a new minute mid-loop: the limit must hold within the new one as well.
      for (let i = 1; i < FORK_USER_MAX; i++) await fork(user, {});
      expect((await fork(user, {})).status).toBe(429);
    } else {
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await limited.json()).toMatchObject({ code: 'fork_limit' });
    }
    expect((await fork(other, {})).status).toBe(400);
  });

  it('answers 401 without a token or with a forged one, and forks nothing', async () => {
    expect((await fork(null, { conversationId: 'x', messageId: 'y' })).status).toBe(401);
    const forged = await callAs(null, '/api/convos/fork', 'POST', {});
    expect(forged.status).toBe(401);
  });
});
