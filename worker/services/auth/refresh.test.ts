import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConversation, createMessage } from '../../db/test-helpers';
import { createTestUser } from '../../test/auth-helpers';
import { refreshSession } from './refresh';
import { createSession, revokeSession, ROTATION_GRACE_MS } from './sessions';

const sessionIdOf = (token: string) => token.split('.')[0] ?? '';

async function signedIn() {
  const user = await createTestUser();
  const { refreshToken } = await createSession(env, user.id, undefined);
  const conversationId = await createConversation(env.DB, user.id);
  const question = await createMessage(env.DB, user.id, conversationId, { text: 'Hello?', createdAt: 1_000 });
  await createMessage(env.DB, user.id, conversationId, {
    parentMessageId: question,
    isCreatedByUser: false,
    text: 'Hi.',
  });
  return { user, refreshToken, conversationId };
}

/** Watches D1: how many batches were sent, and how many statements were prepared in all. */
function watchD1() {
  const prepare = vi.spyOn(env.DB, 'prepare');
  const batch = vi.spyOn(env.DB, 'batch');
  return {
    batches: () => batch.mock.calls.map(([statements]) => statements.length),
    prepared: () => prepare.mock.calls.length,
    batchResults: async () => Promise.all(batch.mock.results.map((result) => result.value as Promise<D1Result[]>)),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('refreshSession', () => {
  it.each([
    ['with the messages of a conversation', true],
    ['without a conversation', false],
  ])('rotates the current token and reads the account, %s, in one round trip to D1', async (_, withMessages) => {
    const { user, refreshToken, conversationId } = await signedIn();
    const d1 = watchD1();

    const refreshed = await refreshSession(env, refreshToken, withMessages ? conversationId : undefined);

    // One batch, and every statement prepared went in it.
    expect(d1.batches()).toEqual([withMessages ? 3 : 2]);
    expect(d1.prepared()).toBe(withMessages ? 3 : 2);
    if (!refreshed.ok) throw new Error('the refresh was refused');
    expect(refreshed.user).toEqual(user);
    expect(refreshed.refreshToken).not.toBe(refreshToken);
    expect(sessionIdOf(refreshed.refreshToken)).toBe(sessionIdOf(refreshToken));
    if (withMessages) expect(refreshed.messages?.map((message) => message.text)).toEqual(['Hello?', 'Hi.']);
    else expect(refreshed).not.toHaveProperty('messages');
    // The new token is the current one now.
    expect((await refreshSession(env, refreshed.refreshToken)).ok).toBe(true);
  });

  it("reads another user's conversation as empty", async () => {
    const { refreshToken } = await signedIn();
    const { conversationId: othersConversation } = await signedIn();
    const refreshed = await refreshSession(env, refreshToken, othersConversation);
    expect(refreshed.ok && refreshed.messages).toEqual([]);
  });

  it('lets the token a racing tab replaced through, the full way', async () => {
    const { user, refreshToken, conversationId } = await signedIn();
    const first = await refreshSession(env, refreshToken);
    if (!first.ok) throw new Error('the first refresh was refused');

    const d1 = watchD1();
    const second = await refreshSession(env, refreshToken, conversationId);
    if (!second.ok) throw new Error('the racing refresh was refused');
    expect(second.user.id).toBe(user.id);
    expect(second.messages).toHaveLength(2);
    // The batch found the token stale and read nothing; the full check then decided.
    const [batch] = await d1.batchResults();
    expect(batch?.map((result) => result.results)).toEqual([[], [], []]);
    expect(d1.prepared()).toBeGreaterThan(3);
  });

  it('refuses a revoked, an expired and a replayed token, reading nothing in their batch', async () => {
    const revoked = await signedIn();
    await revokeSession(env, sessionIdOf(revoked.refreshToken));
    const expired = await signedIn();
    await env.DB.prepare('UPDATE sessions SET expiresAt = ?1 WHERE id = ?2')
      .bind(Date.now() - 1, sessionIdOf(expired.refreshToken))
      .run();
    const replayed = await signedIn();
    const rotated = await refreshSession(env, replayed.refreshToken);
    if (!rotated.ok) throw new Error('the rotation was refused');
    await env.DB.prepare('UPDATE sessions SET rotatedAt = rotatedAt - ?1 WHERE id = ?2')
      .bind(ROTATION_GRACE_MS + 1_000, sessionIdOf(replayed.refreshToken))
      .run();

    for (const { refreshToken, conversationId } of [revoked, expired, replayed]) {
      const d1 = watchD1();
      expect(await refreshSession(env, refreshToken, conversationId)).toEqual({ ok: false });
      const [batch] = await d1.batchResults();
      expect(batch?.map((result) => result.results)).toEqual([[], [], []]);
      vi.restoreAllMocks();
    }
    // A replayed token ends its session: the token that replaced it is refused too.
    expect(await refreshSession(env, rotated.refreshToken)).toEqual({ ok: false });
  });

  it('refuses a token that is not one of ours in form without asking D1', async () => {
    const d1 = watchD1();
    expect(await refreshSession(env, 'garbage')).toEqual({ ok: false });
    expect(d1.prepared()).toBe(0);
  });
});
