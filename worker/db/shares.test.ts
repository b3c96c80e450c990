import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createSharedLink, findSharedConversation, sharedMessagesQuery } from './shares';
import { createConversation, createMessage, createUser } from './test-helpers';

/** D1 bills rows read; a share page must cost about its own messages, not the owner's history. */
describe('findSharedConversation', () => {
  it("reads about the snapshot's rows, however many messages the owner has elsewhere", async () => {
    const userId = await createUser(env.DB);
    const elsewhere = await createConversation(env.DB, userId);
    for (let i = 0; i < 60; i++) await createMessage(env.DB, userId, elsewhere);
    const conversationId = await createConversation(env.DB, userId);
    const base = Date.now() - 10_000;
    // Inserted out of order, and two in the same millisecond: the answer is still oldest first.
    const ids = [
      await createMessage(env.DB, userId, conversationId, { text: 'third', createdAt: base + 2 }),
      await createMessage(env.DB, userId, conversationId, { text: 'first', createdAt: base }),
      await createMessage(env.DB, userId, conversationId, { text: 'second', createdAt: base }),
    ];
    const created = await createSharedLink(env.DB, userId, conversationId, `rows-${crypto.randomUUID()}`);
    if (created.status === 'no_conversation') throw new Error('link not created');

    const found = await findSharedConversation(env.DB, created.shareId);
    expect(found?.messages.map((message) => message.text)).toEqual(['first', 'second', 'third']);
    expect(new Set(found?.messages.map((message) => message.messageId))).toEqual(new Set(ids));

    const { sql, params } = sharedMessagesQuery(created.shareId);
    const { meta } = await env.DB.prepare(sql)
      .bind(...params)
      .all();
    expect(meta.rows_read).toBeLessThanOrEqual(ids.length + 10);
  });
});
