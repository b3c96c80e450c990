import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { insertMessageStatement, upsertConversationStatement } from '../../db/runs';
import { createTestUser } from '../../test/auth-helpers';
import { newConversationSpec } from '../../test/chat/run-fixtures';
import { resolveChatLimits } from './limits';
import { readForSend, type SendReadsInput } from './send-reads';

/** A saved conversation with one user message, and the input of a send answering it. */
async function savedConversation(): Promise<SendReadsInput> {
  const user = await createTestUser();
  const spec = newConversationSpec(user, 'First');
  const message = spec.turn.requestMessage;
  await env.DB.batch([upsertConversationStatement(env.DB, spec.conversation), insertMessageStatement(env.DB, message)]);
  return {
    userId: user.id,
    conversationId: spec.conversation.conversationId,
    branch: { leafId: message.messageId, tokenBudget: 8000 },
    limits: resolveChatLimits({ LIMIT_MESSAGE_USER: 'true' }),
    subjects: { userId: user.id, ipSubject: 'ip:192.0.2.9', runId: crypto.randomUUID() },
    now: Date.now(),
    readReplicas: true,
  };
}

/**
 * env.DB, counting the statements sent to the primary and through sessions; with `behind`, its
 * sessions answer like a replica that has not caught up yet: no rows.
 */
function observedD1({ behind = false } = {}) {
  const sent = { primary: 0, replica: 0 };
  const d1 = new Proxy(env.DB, {
    get(target, property) {
      if (property === 'batch')
        return (statements: D1PreparedStatement[]) => {
          sent.primary += statements.length;
          return target.batch(statements);
        };
      if (property === 'withSession')
        return (constraint: string) => {
          const session = target.withSession(constraint);
          return {
            prepare: (sql: string) => session.prepare(sql),
            getBookmark: () => session.getBookmark(),
            async batch(statements: D1PreparedStatement[]) {
              sent.replica += statements.length;
              const results = await session.batch(statements);
              return behind ? results.map((result) => ({ ...result, results: [] })) : results;
            },
          };
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { d1, sent };
}

describe("a send's reads", () => {
  it('join the limits in one batch on the primary while read replication is off', async () => {
    const input = { ...(await savedConversation()), readReplicas: false };
    const { d1, sent } = observedD1();
    const reads = await readForSend(d1, input);
    expect(reads).toMatchObject({ status: 'ok', existing: { userId: input.userId } });
    expect(sent).toEqual({ replica: 0, primary: 6 });
  });

  it('go through a replica session with read replication on, while the limits count on the primary', async () => {
    const input = await savedConversation();
    const { d1, sent } = observedD1();
    const reads = await readForSend(d1, input);
    expect(reads).toMatchObject({ status: 'ok', limits: { leaseKey: expect.any(String) } });
    if (reads.status !== 'ok') return;
    expect([...reads.history.values()].map((message) => message.text)).toEqual(['First']);
    // The account, the conversation and the branch; two message counters and the lease.
    expect(sent).toEqual({ replica: 3, primary: 3 });
  });

  it("of a new conversation (the account only) join the limits' batch on the primary", async () => {
    const input = await savedConversation();
    const { d1, sent } = observedD1();
    const reads = await readForSend(d1, { ...input, conversationId: null, branch: null });
    expect(reads).toMatchObject({ status: 'ok', existing: null, limits: { leaseKey: expect.any(String) } });
    expect(sent).toEqual({ replica: 0, primary: 4 });
  });

  it('are read again from the primary when the replica has not caught up', async () => {
    const input = await savedConversation();
    const { d1, sent } = observedD1({ behind: true });
    const reads = await readForSend(d1, input);
    expect(reads).toMatchObject({ status: 'ok' });
    if (reads.status !== 'ok') return;
    expect(reads.existing).toMatchObject({ userId: input.userId });
    expect([...reads.history.values()].map((message) => message.text)).toEqual(['First']);
    expect(sent).toEqual({ replica: 3, primary: 6 });
  });

  it("refuse someone else's conversation wherever it is read from", async () => {
    const input = await savedConversation();
    const stranger = await createTestUser();
    for (const behind of [false, true]) {
      const { d1 } = observedD1({ behind });
      const reads = await readForSend(d1, {
        ...input,
        userId: stranger.id,
        subjects: { ...input.subjects, userId: stranger.id, runId: crypto.randomUUID() },
      });
      expect(reads).toEqual({ status: 'no_conversation' });
    }
  });
});
