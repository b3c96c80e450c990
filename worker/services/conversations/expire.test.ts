import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createConversation, createMessage } from '../../db/test-helpers';
import { createTestUser } from '../../test/auth-helpers';
import { deleteExpiredConversations } from './expire';
import { handleScheduled } from './scheduled';
import { attachFile, shareConversation, tagConversation, tagCount, userFootprint } from './testing';

const HOUR = 3_600_000;

async function exists(conversationId: string): Promise<boolean> {
  return (
    (await env.DB.prepare('SELECT 1 AS x FROM conversations WHERE conversationId = ?1')
      .bind(conversationId)
      .first()) !== null
  );
}

describe('scheduled: expired temporary chats', () => {
  it('deletes chats whose expiredAt has passed, with messages, links, shares and files; keeps the rest', async () => {
    const now = Date.UTC(2031, 0, 1);
    const user = await createTestUser();
    const expired = await createConversation(env.DB, user.id, { isTemporary: true, expiredAt: now - 1 });
    await createMessage(env.DB, user.id, expired, { text: 'ephemeral words' });
    await createMessage(env.DB, user.id, expired, { text: 'more ephemeral words' });
    await tagConversation(user.id, expired, 'tmp');
    await shareConversation(user.id, expired);
    const file = await attachFile(user.id, expired);
    const live = await createConversation(env.DB, user.id, { isTemporary: true, expiredAt: now + HOUR });
    const permanent = await createConversation(env.DB, user.id);
    await createMessage(env.DB, user.id, permanent, { text: 'kept' });

    await handleScheduled({ scheduledTime: now, cron: '*/30 * * * *' }, env);

    expect(await exists(expired)).toBe(false);
    expect(await exists(live)).toBe(true);
    expect(await exists(permanent)).toBe(true);
    // The permanent chat's message and both remaining titles are all that is left.
    expect(await userFootprint(user.id)).toEqual({
      conversations: 2,
      messages: 1,
      links: 0,
      shares: 0,
      files: 0,
      searchRows: 3,
    });
    expect(await tagCount(user.id, 'tmp')).toBe(0);
    expect(await env.FILES.head(file.storageKey)).toBeNull();
  });

  it('works in bounded batches and reports when it stopped with work left', async () => {
    // Before the other tests' expiries (one D1 per file): only these chats are due.
    const now = Date.UTC(2029, 0, 1);
    const users = [await createTestUser(), await createTestUser()];
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const user = users[i % 2]!;
      const id = await createConversation(env.DB, user.id, { isTemporary: true, expiredAt: now - 7 * HOUR + i });
      await createMessage(env.DB, user.id, id);
      ids.push(id);
    }
    const first = await deleteExpiredConversations(env, now, { batchSize: 2, maxBatches: 2 });
    expect(first).toMatchObject({ deletedCount: 4, messageCount: 4, more: true });
    // Oldest expiries first.
    expect(await Promise.all(ids.map(exists))).toEqual([false, false, false, false, true, true, true]);
    const second = await deleteExpiredConversations(env, now, { batchSize: 2, maxBatches: 5 });
    expect(second).toMatchObject({ deletedCount: 3, messageCount: 3, more: false });
    expect(await Promise.all(ids.map(exists))).toEqual(ids.map(() => false));
  });

  it('reads only expired rows through the partial expiry index', async () => {
    const { results } = await env.DB.prepare(
      'EXPLAIN QUERY PLAN SELECT userId, conversationId FROM conversations WHERE expiredAt < ?1 ORDER BY expiredAt LIMIT ?2',
    )
      .bind(Date.now(), 50)
      .all<{ detail: string }>();
    expect(results.map((row) => row.detail).join('\n')).toMatch(/USING INDEX conversations_expired_idx/);
  });
});
