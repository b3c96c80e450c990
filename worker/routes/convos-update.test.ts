import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { conversationResponseSchema } from '../contract/messages';
import { createConversation } from '../db/test-helpers';
import { conversationRow } from '../services/conversations/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

async function messageOf(res: Response): Promise<string> {
  return (await res.json<{ message: string }>()).message;
}

describe('POST /api/convos/update', () => {
  it('renames (trimmed) and answers 201 with the whole conversation, moved to the top', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, {
      title: 'Old',
      updatedAt: 1_000,
      temperature: 0.3,
    });
    const res = await callAs(user, '/api/convos/update', 'POST', {
      arg: { conversationId, title: '  Trip to Lisbon  ' },
    });
    expect(res.status).toBe(201);
    const body = conversationResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      conversationId,
      title: 'Trip to Lisbon',
      temperature: 0.3,
      isArchived: false,
      user: user.id,
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(1_000);
    expect((await conversationRow(conversationId))?.title).toBe('Trip to Lisbon');
  });

  it('archives and unarchives, moving the conversation between the two lists', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, { title: 'Keep' });
    const archived = await callAs(user, '/api/convos/update', 'POST', { arg: { conversationId, isArchived: true } });
    expect(archived.status).toBe(201);
    expect(await archived.json()).toMatchObject({ conversationId, isArchived: true, title: 'Keep' });
    const ids = async (query: string) =>
      (
        await (await callAs(user, `/api/convos${query}`)).json<{ conversations: { conversationId: string }[] }>()
      ).conversations.map((c) => c.conversationId);
    expect(await ids('')).toEqual([]);
    expect(await ids('?isArchived=true')).toEqual([conversationId]);
    const restored = await callAs(user, '/api/convos/update', 'POST', { arg: { conversationId, isArchived: false } });
    expect(await restored.json()).toMatchObject({ isArchived: false });
    expect(await ids('')).toEqual([conversationId]);
  });

  it('accepts a title of exactly 100 characters and refuses 101, naming the field', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, { title: 'Before' });
    const ok = await callAs(user, '/api/convos/update', 'POST', { arg: { conversationId, title: 'x'.repeat(100) } });
    expect(ok.status).toBe(201);
    const tooLong = await callAs(user, '/api/convos/update', 'POST', {
      arg: { conversationId, title: 'y'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    expect(await messageOf(tooLong)).toBe('arg.title: title must be at most 100 characters');
    expect((await conversationRow(conversationId))?.title).toBe('x'.repeat(100));
  });

  it('answers 400 naming the field for malformed bodies, and changes nothing', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, { title: 'Same', updatedAt: 1_000 });
    const cases: [unknown, string][] = [
      [{}, 'arg: arg is required'],
      [{ conversationId, title: 'flat' }, 'arg: arg is required'],
      [{ arg: { title: 'No id' } }, 'arg.conversationId: conversationId is required'],
      [{ arg: { conversationId, title: '   ' } }, 'arg.title: title must not be empty'],
      [{ arg: { conversationId, title: 42 } }, 'arg.title: title must be a string'],
      [{ arg: { conversationId, isArchived: 'yes' } }, 'arg.isArchived: isArchived must be true or false'],
      [{ arg: { conversationId } }, 'arg: nothing to update: send title or isArchived'],
      [{ arg: { conversationId, user: 'someone-else', endpoint: 'x' } }, 'arg: nothing to update'],
    ];
    for (const [body, message] of cases) {
      const res = await callAs(user, '/api/convos/update', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res), JSON.stringify(body)).toContain(message);
    }
    expect(await conversationRow(conversationId)).toEqual({ title: 'Same', isArchived: 0, updatedAt: 1_000 });
  });

  it("answers 404 for another user's conversation, an unknown id and an expired temporary chat, changing nothing", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const conversationId = await createConversation(env.DB, alice.id, { title: 'Private', updatedAt: 1_000 });
    const expired = await createConversation(env.DB, alice.id, {
      title: 'Gone',
      isTemporary: true,
      expiredAt: Date.now() - 1,
      updatedAt: 1_000,
    });
    for (const [user, id] of [
      [mallory, conversationId],
      [alice, crypto.randomUUID()],
      [alice, expired],
    ] as const) {
      const res = await callAs(user, '/api/convos/update', 'POST', {
        arg: { conversationId: id, title: 'Hijacked', isArchived: true },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
    }
    expect(await conversationRow(conversationId)).toEqual({ title: 'Private', isArchived: 0, updatedAt: 1_000 });
    expect(await conversationRow(expired)).toEqual({ title: 'Gone', isArchived: 0, updatedAt: 1_000 });
  });

  it('keeps the title search index in step with a rename', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, { title: 'Quokka facts' });
    await callAs(user, '/api/convos/update', 'POST', { arg: { conversationId, title: 'Wombat facts' } });
    const hits = await env.DB.prepare(
      "SELECT body FROM search_index WHERE conversationId = ?1 AND kind = 'conversation'",
    )
      .bind(conversationId)
      .all<{ body: string }>();
    expect(hits.results).toEqual([{ body: 'Wombat facts' }]);
  });
});
