import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  conversationMessagesQuery,
  conversationMessagesStatement,
  listConversationMessages,
  parseContent,
  toStoredMessage,
  type MessageRow,
} from './messages';
import { createConversation, createUser, queryPlan } from './test-helpers';

/** Inserts `count` messages (a chain) into the conversation in one batch. */
async function seedMessages(userId: string, conversationId: string, count: number): Promise<void> {
  const insert = env.DB.prepare(
    'INSERT INTO messages (messageId, conversationId, userId, parentMessageId, text, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
  );
  let parent = '00000000-0000-0000-0000-000000000000';
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = crypto.randomUUID();
    statements.push(insert.bind(id, conversationId, userId, parent, `message ${i}`, 1_000 + i));
    parent = id;
  }
  await env.DB.batch(statements);
}

describe('conversationMessagesStatement', () => {
  it('opens a conversation of n messages reading at most n + 10 rows, whatever else is stored', async () => {
    const userId = await createUser(env.DB);
    const other = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    // Neighbours: a big conversation of the same user and one of another user.
    await seedMessages(userId, await createConversation(env.DB, userId), 300);
    await seedMessages(other, await createConversation(env.DB, other), 300);
    for (const n of [0, 1, 50, 200]) {
      if (n > 0)
        await seedMessages(
          userId,
          conversationId,
          n - (await listConversationMessages(env.DB, userId, conversationId)).length,
        );
      const result = await conversationMessagesStatement(env.DB, userId, conversationId).all<MessageRow>();
      expect(result.results).toHaveLength(n);
      expect(result.meta.rows_read, `n = ${n}`).toBeLessThanOrEqual(n + 10);
    }
  });

  it("reads another user's conversation as empty, at the same cost", async () => {
    const owner = await createUser(env.DB);
    const stranger = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, owner);
    await seedMessages(owner, conversationId, 20);
    const result = await conversationMessagesStatement(env.DB, stranger, conversationId).all<MessageRow>();
    expect(result.results).toEqual([]);
    expect(result.meta.rows_read).toBeLessThanOrEqual(30);
  });

  it('seeks the conversation index, not the user index (no table scan)', async () => {
    const { sql, params } = conversationMessagesQuery('u', 'c', 0);
    const plan = (await queryPlan(env.DB, sql, params)).join('\n');
    expect(plan).toMatch(/SEARCH messages USING INDEX messages_conversation_idx \(conversationId=\?\)/);
    expect(plan).not.toMatch(/SCAN messages/);
    // A sort in a temp b-tree would count every row twice in rows_read.
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});

describe('toStoredMessage', () => {
  const row: MessageRow = {
    seq: 1,
    messageId: 'm',
    conversationId: 'c',
    parentMessageId: null,
    sender: null,
    text: 'hi',
    content: null,
    isCreatedByUser: 0,
    endpoint: 'openAI',
    model: 'gpt-4o',
    error: 1,
    unfinished: 0,
    finish_reason: null,
    tokenCount: null,
    files: '[{"file_id":"f1","type":"image/png"},{"nope":true}]',
    attachments: null,
    plugin: null,
    plugins: null,
    iconURL: null,
    thread_id: null,
    generation: null,
    clientTimestamp: null,
    createdAt: 0,
    updatedAt: 0,
  };

  it('maps 0/1 to booleans, fills the root parent and a sender, drops unset fields', () => {
    expect(toStoredMessage(row)).toEqual({
      messageId: 'm',
      conversationId: 'c',
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      sender: 'AI',
      text: 'hi',
      isCreatedByUser: false,
      endpoint: 'openAI',
      model: 'gpt-4o',
      error: true,
      unfinished: false,
      files: [{ file_id: 'f1', type: 'image/png' }],
      createdAt: '1970-01-01T00:00:00.000Z',
      updatedAt: '1970-01-01T00:00:00.000Z',
    });
  });

  it('survives damaged JSON instead of failing the whole conversation', () => {
    expect(toStoredMessage({ ...row, content: '{not json', plugin: '[1]' })).not.toHaveProperty('content');
    expect(parseContent('[{"type":"text","text":"a"},"bare",{"no":"type"}]')).toEqual([{ type: 'text', text: 'a' }]);
    expect(parseContent('{"type":"text"}')).toBeNull();
  });
});
