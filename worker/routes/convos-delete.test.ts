import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import {
  attachFile,
  shareConversation,
  tagConversation,
  tagCount,
  userFootprint,
} from '../services/conversations/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** A conversation with two messages, a tag, a share link, a tool call and a file. */
async function fullConversation(user: UserRow, tag = 'saved') {
  const conversationId = await createConversation(env.DB, user.id, { title: 'Lots of things' });
  const first = await createMessage(env.DB, user.id, conversationId, { text: 'platypus question' });
  await createMessage(env.DB, user.id, conversationId, {
    parentMessageId: first,
    text: 'platypus answer',
    isCreatedByUser: false,
  });
  await tagConversation(user.id, conversationId, tag);
  await shareConversation(user.id, conversationId);
  await env.DB.prepare(
    "INSERT INTO tool_calls (id, userId, conversationId, messageId, toolId) VALUES (?1, ?2, ?3, ?4, 'calc')",
  )
    .bind(crypto.randomUUID(), user.id, conversationId, first)
    .run();
  const file = await attachFile(user.id, conversationId);
  return { conversationId, file };
}

const remove = (user: UserRow, body: unknown) => callAs(user, '/api/convos', 'DELETE', body);

describe('DELETE /api/convos', () => {
  it('deletes the conversation with its messages, search rows, tag links, shares, tool calls and files', async () => {
    const user = await createTestUser();
    const kept = await fullConversation(user, 'saved');
    const { conversationId, file } = await fullConversation(user, 'saved');
    expect(await tagCount(user.id, 'saved')).toBe(2);

    const res = await remove(user, { arg: { conversationId } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
      messages: { acknowledged: true, deletedCount: 2 },
    });

    // Exactly the other conversation's rows are left: 2 messages + 1 title in the index.
    expect(await userFootprint(user.id)).toEqual({
      conversations: 1,
      messages: 2,
      links: 1,
      shares: 1,
      files: 1,
      searchRows: 3,
    });
    expect(await tagCount(user.id, 'saved')).toBe(1);
    const toolCalls = await env.DB.prepare('SELECT count(*) AS n FROM tool_calls WHERE conversationId = ?1')
      .bind(conversationId)
      .first<{ n: number }>();
    expect(toolCalls?.n).toBe(0);
    expect(await env.FILES.get(file.storageKey)).toBeNull();
    expect(await env.FILES.head(kept.file.storageKey)).not.toBeNull();
    expect((await callAs(user, `/api/convos/${conversationId}`)).status).toBe(404);
  });

  it("accepts LibreChat's body {arg: {conversationId, source, thread_id, endpoint}}", async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const res = await remove(user, {
      arg: { conversationId, source: 'button', thread_id: 'thread_abc', endpoint: 'assistants' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ deletedCount: 1, messages: { deletedCount: 0 } });
  });

  it("keeps files that are not the conversation's alone: referenced by another conversation, agent files, other sources' bytes", async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const shared = await attachFile(user.id, conversationId);
    const agentFile = await attachFile(user.id, conversationId, { context: 'agents' });
    const remote = await attachFile(user.id, conversationId, { source: 'openai' });
    const other = await createConversation(env.DB, user.id);
    await createMessage(env.DB, user.id, other, { files: [{ file_id: shared.fileId, type: 'text/plain' }] });

    const res = await remove(user, { arg: { conversationId } });
    expect(res.status).toBe(201);
    const left = await env.DB.prepare('SELECT file_id FROM files WHERE userId = ?1 ORDER BY file_id')
      .bind(user.id)
      .all<{ file_id: string }>();
    expect(left.results.map((row) => row.file_id)).toEqual([shared.fileId, agentFile.fileId].sort());
    expect(await env.FILES.head(shared.storageKey)).not.toBeNull();
    expect(remote.fileId).not.toBe(shared.fileId);
  });

  it("answers 404 for another user's conversation and an unknown id, deleting nothing", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const { conversationId, file } = await fullConversation(alice);
    const before = await userFootprint(alice.id);
    for (const [user, id] of [
      [mallory, conversationId],
      [alice, crypto.randomUUID()],
    ] as const) {
      const res = await remove(user, { arg: { conversationId: id } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
    }
    expect(await userFootprint(alice.id)).toEqual(before);
    expect(await env.FILES.head(file.storageKey)).not.toBeNull();
  });

  it('answers 400 naming the field when the id is missing, and never reads that as "delete all"', async () => {
    const user = await createTestUser();
    await fullConversation(user);
    const before = await userFootprint(user.id);
    const cases: [unknown, string][] = [
      [{}, 'arg: arg is required: {conversationId}'],
      [{ arg: {} }, 'arg.conversationId: conversationId is required'],
      [{ arg: { source: 'button' } }, 'arg.conversationId: conversationId is required'],
      [{ arg: { conversationId: '' } }, 'arg.conversationId: conversationId is required'],
      [{ arg: { conversationId: 'x'.repeat(201) } }, 'arg.conversationId: conversationId is too long'],
    ];
    for (const [body, message] of cases) {
      const res = await remove(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    // No body at all.
    expect((await callAs(user, '/api/convos', 'DELETE')).status).toBe(400);
    expect(await userFootprint(user.id)).toEqual(before);
  });
});

describe('DELETE /api/convos/all', () => {
  it("deletes every conversation of the caller (archived and temporary too) and nobody else's", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const a = await fullConversation(user, 'work');
    const b = await fullConversation(user, 'work');
    await createConversation(env.DB, user.id, { isArchived: true });
    await createConversation(env.DB, user.id, { isTemporary: true, expiredAt: Date.now() + 60_000 });
    // A file only a duplicate referenced: its row names a conversation that is gone.
    const orphan = await attachFile(user.id, crypto.randomUUID());
    const avatar = await attachFile(user.id, null, { context: 'avatar' });
    const theirs = await fullConversation(other, 'work');
    const theirsBefore = await userFootprint(other.id);

    const res = await callAs(user, '/api/convos/all', 'DELETE');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      acknowledged: true,
      deletedCount: 4,
      messages: { acknowledged: true, deletedCount: 4 },
    });
    expect(await userFootprint(user.id)).toEqual({
      conversations: 0,
      messages: 0,
      links: 0,
      shares: 0,
      files: 1,
      searchRows: 0,
    });
    expect(await tagCount(user.id, 'work')).toBe(0);
    for (const key of [a.file.storageKey, b.file.storageKey, orphan.storageKey])
      expect(await env.FILES.head(key)).toBeNull();
    expect(await env.FILES.head(avatar.storageKey)).not.toBeNull();
    expect(await userFootprint(other.id)).toEqual(theirsBefore);
    expect(await env.FILES.head(theirs.file.storageKey)).not.toBeNull();
  });

  it('answers zero counts when there is nothing to delete', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/convos/all', 'DELETE');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      acknowledged: true,
      deletedCount: 0,
      messages: { acknowledged: true, deletedCount: 0 },
    });
  });
});
