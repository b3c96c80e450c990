import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../contract/endpoints';
import { createConversation, createUser } from '../../db/test-helpers';
import { branchStatement, branchTo, historyOf, type BranchQuery } from './history';

interface Seeded {
  id: string;
  parent: string;
  tokenCount: number | null;
  error?: boolean;
  conversationId?: string;
}

async function seed(userId: string, conversationId: string, messages: readonly Seeded[]): Promise<void> {
  const insert = env.DB.prepare(
    'INSERT INTO messages (messageId, conversationId, userId, parentMessageId, text, isCreatedByUser, tokenCount, error, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  await env.DB.batch(
    messages.map((message, index) =>
      insert.bind(
        message.id,
        message.conversationId ?? conversationId,
        userId,
        message.parent,
        `text of ${message.id}`,
        index % 2 === 0 ? 1 : 0,
        message.tokenCount,
        message.error ? 1 : 0,
        1_000 + index,
      ),
    ),
  );
}

/** A chain root → … → leaf of `count` messages of `tokens` each; returns their ids, root first. */
async function seedChain(
  userId: string,
  conversationId: string,
  count: number,
  tokens: number | null,
  prefix = 'm',
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `${prefix}-${index}-${crypto.randomUUID()}`);
  await seed(
    userId,
    conversationId,
    ids.map((id, index) => ({
      id,
      parent: index === 0 ? NO_PARENT : (ids[index - 1] ?? NO_PARENT),
      tokenCount: tokens,
    })),
  );
  return ids;
}

async function readBranch(query: BranchQuery) {
  const result = await branchStatement(env.DB, query).all();
  return { ids: [...historyOf(result).keys()], rowsRead: result.meta.rows_read, history: historyOf(result) };
}

describe('branchStatement', () => {
  it('reads the branch up from the leaf, newest first, and nothing of other branches or conversations', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const chain = await seedChain(userId, conversationId, 6, 10);
    // A sibling branch under the second message, and a big neighbour conversation.
    await seed(userId, conversationId, [
      { id: `side-${crypto.randomUUID()}`, parent: chain[1] ?? NO_PARENT, tokenCount: 10 },
      { id: `side-${crypto.randomUUID()}`, parent: chain[1] ?? NO_PARENT, tokenCount: 10 },
    ]);
    await seedChain(userId, await createConversation(env.DB, userId), 200, 10, 'other');

    const leafId = chain[4] ?? '';
    const { ids, rowsRead, history } = await readBranch({ conversationId, userId, leafId, tokenBudget: 8_000 });
    expect(ids).toEqual(chain.slice(0, 5).reverse());
    expect(branchTo(history, leafId).map((message) => message.messageId)).toEqual(chain.slice(0, 5));
    // One indexed lookup per message (and the CTE's own queue), never the conversation's or user's rows.
    expect(rowsRead).toBeLessThanOrEqual(2 * 5 + 2);
  });

  it('stops walking once the messages read reach the token budget', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const chain = await seedChain(userId, conversationId, 300, 100);
    const leafId = chain[299] ?? '';
    // 100 tokens each: the leaf, then parents while the total stays within 250, then one more.
    const { ids, rowsRead } = await readBranch({ conversationId, userId, leafId, tokenBudget: 250 });
    expect(ids).toEqual([chain[299], chain[298], chain[297]]);
    expect(rowsRead).toBeLessThanOrEqual(10);
  });

  it('counts failed replies and unknown token counts as nothing, so it never reads less than the prompt keeps', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const ids = ['a', 'b', 'c', 'd'].map((name) => `${name}-${crypto.randomUUID()}`);
    await seed(userId, conversationId, [
      { id: ids[0] ?? '', parent: NO_PARENT, tokenCount: 100 },
      { id: ids[1] ?? '', parent: ids[0] ?? '', tokenCount: null },
      { id: ids[2] ?? '', parent: ids[1] ?? '', tokenCount: 500, error: true },
      { id: ids[3] ?? '', parent: ids[2] ?? '', tokenCount: 100 },
    ]);
    const { ids: read } = await readBranch({ conversationId, userId, leafId: ids[3] ?? '', tokenBudget: 150 });
    expect(read).toEqual([...ids].reverse());
  });

  it("always reads the leaf's parent: a continued reply over budget still finds the message it answers", async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const chain = await seedChain(userId, conversationId, 3, 5_000);
    const { ids } = await readBranch({ conversationId, userId, leafId: chain[2] ?? '', tokenBudget: 1_000 });
    expect(ids).toEqual([chain[2], chain[1]]);
  });

  it("reads nothing of another user's conversation, and stops at a parent in another conversation", async () => {
    const owner = await createUser(env.DB);
    const stranger = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, owner);
    const elsewhere = await createConversation(env.DB, owner);
    const foreign = await seedChain(owner, elsewhere, 2, 10, 'elsewhere');
    const leafId = `leaf-${crypto.randomUUID()}`;
    await seed(owner, conversationId, [{ id: leafId, parent: foreign[1] ?? NO_PARENT, tokenCount: 10 }]);

    expect((await readBranch({ conversationId, userId: stranger, leafId, tokenBudget: 8_000 })).ids).toEqual([]);
    expect((await readBranch({ conversationId: elsewhere, userId: owner, leafId, tokenBudget: 8_000 })).ids).toEqual(
      [],
    );
    expect((await readBranch({ conversationId, userId: owner, leafId, tokenBudget: 8_000 })).ids).toEqual([leafId]);
  });

  it('ends on parent links that form a cycle (imported data)', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const [a, b] = [`a-${crypto.randomUUID()}`, `b-${crypto.randomUUID()}`];
    await seed(userId, conversationId, [
      { id: a, parent: b, tokenCount: 10 },
      { id: b, parent: a, tokenCount: 10 },
    ]);
    const { history } = await readBranch({ conversationId, userId, leafId: b, tokenBudget: 100 });
    expect(branchTo(history, b).map((message) => message.messageId)).toEqual([a, b]);
  });
});
