import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import {
  deleteSharedLinkResultSchema,
  SHARE_MESSAGES,
  sharedConversationSchema,
  sharedLinkLookupSchema,
  sharedLinkResultSchema,
  sharedLinksPageSchema,
  type SharedConversation,
} from '../contract/share';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** A conversation of `user` with a user question and an answer, created a second apart. */
async function conversationWithReply(user: UserRow, title = 'Trip to Basel') {
  const conversationId = await createConversation(env.DB, user.id, { title });
  const base = Date.now() - 60_000;
  const question = await createMessage(env.DB, user.id, conversationId, {
    text: 'Where should I eat?',
    sender: user.name ?? 'Someone',
    createdAt: base,
  });
  const answer = await createMessage(env.DB, user.id, conversationId, {
    parentMessageId: question,
    text: 'Try the old town.',
    sender: 'GPT-4o',
    isCreatedByUser: false,
    createdAt: base + 1000,
  });
  return { conversationId, question, answer };
}

async function createLink(user: UserRow, conversationId: string): Promise<string> {
  const res = await callAs(user, `/api/share/${conversationId}`, 'POST');
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return sharedLinkResultSchema.parse(await res.json()).shareId;
}

async function viewShare(shareId: string): Promise<SharedConversation> {
  const res = await callAs(null, `/api/share/${shareId}`);
  if (res.status !== 200) throw new Error(`view answered ${res.status}: ${await res.text()}`);
  return sharedConversationSchema.parse(await res.json());
}

async function storedLinks(conversationId: string) {
  const { results } = await env.DB.prepare(
    'SELECT shareId, userId, messageIds FROM shared_links WHERE conversationId = ?1',
  )
    .bind(conversationId)
    .all<{ shareId: string; userId: string; messageIds: string }>();
  return results;
}

const messageOf = async (res: Response) => (await res.json<{ message: string }>()).message;

describe('POST /api/share/{conversationId}', () => {
  it('creates a link for the owner and answers the same link when asked again', async () => {
    const owner = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const res = await callAs(owner, `/api/share/${conversationId}`, 'POST');
    expect(res.status).toBe(201);
    const created = sharedLinkResultSchema.parse(await res.json());
    expect(created).toEqual({ shareId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), conversationId });

    const again = await callAs(owner, `/api/share/${conversationId}`, 'POST');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
    expect(await storedLinks(conversationId)).toHaveLength(1);
  });

  it("answers 404 for another user's conversation and creates nothing", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const res = await callAs(stranger, `/api/share/${conversationId}`, 'POST');
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(SHARE_MESSAGES.conversationNotFound);
    expect(await storedLinks(conversationId)).toEqual([]);
  });

  it("answers LibreChat's messages when an id is missing", async () => {
    const owner = await createTestUser();
    for (const path of ['/api/share', '/api/share/%20']) {
      const res = await callAs(owner, path, 'POST');
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe('Conversation ID is required');
    }
    for (const method of ['PATCH', 'DELETE']) {
      const res = await callAs(owner, '/api/share', method);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe('Share ID is required');
    }
  });

  it('is refused when the operator switched shared links off', async () => {
    const owner = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const res = await callAs(owner, `/api/share/${conversationId}`, 'POST', undefined, { ALLOW_SHARED_LINKS: 'false' });
    expect(res.status).toBe(403);
    expect(await storedLinks(conversationId)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const owner = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    expect((await callAs(null, `/api/share/${conversationId}`, 'POST')).status).toBe(401);
    expect(await storedLinks(conversationId)).toEqual([]);
  });
});

describe('GET /api/share/{shareId}', () => {
  it('shows only the messages that existed when the link was made, under anonymised ids', async () => {
    const owner = await createTestUser({ name: 'Alice Private' });
    const { conversationId, question, answer } = await conversationWithReply(owner);
    const shareId = await createLink(owner, conversationId);
    await createMessage(env.DB, owner.id, conversationId, { parentMessageId: answer, text: 'A later secret' });

    const shared = await viewShare(shareId);
    expect(shared).toMatchObject({ shareId, title: 'Trip to Basel', isPublic: true });
    expect(shared.messages.map((message) => message.text)).toEqual(['Where should I eat?', 'Try the old town.']);
    const [first, second] = shared.messages;
    expect(first?.messageId).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(shared.conversationId).toMatch(/^convo_[A-Za-z0-9_-]{22}$/);
    expect(first?.parentMessageId).toBe(NO_PARENT);
    expect(second?.parentMessageId).toBe(first?.messageId);
    expect(first?.sender).toBe('User');
    expect(second?.sender).toBe('GPT-4o');

    const raw = JSON.stringify(shared);
    for (const secret of [conversationId, question, answer, owner.id, owner.email, 'Alice Private', 'A later secret']) {
      expect(raw).not.toContain(secret);
    }
    // Stable: the same link always answers the same pseudonyms.
    expect(await viewShare(shareId)).toEqual(shared);
  });

  it('answers 404 for an unknown link', async () => {
    const res = await callAs(null, '/api/share/no-such-link');
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(SHARE_MESSAGES.notFound);
  });

  it('needs a signed-in user when public links are switched off', async () => {
    const owner = await createTestUser();
    const viewer = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const shareId = await createLink(owner, conversationId);
    const vars = { ALLOW_SHARED_LINKS_PUBLIC: 'false' };
    expect((await callAs(null, `/api/share/${shareId}`, 'GET', undefined, vars)).status).toBe(401);
    expect((await callAs(viewer, `/api/share/${shareId}`, 'GET', undefined, vars)).status).toBe(200);
    // Links switched off altogether: no one sees them, signed in or not.
    const off = { ALLOW_SHARED_LINKS: 'false' };
    expect((await callAs(viewer, `/api/share/${shareId}`, 'GET', undefined, off)).status).toBe(404);
  });
});

describe('GET /api/share/link/{conversationId}', () => {
  it("answers the caller's link, and none for someone else's conversation", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const none = await callAs(owner, `/api/share/link/${conversationId}`);
    expect(sharedLinkLookupSchema.parse(await none.json())).toEqual({ success: false, shareId: null, conversationId });

    const shareId = await createLink(owner, conversationId);
    const found = await callAs(owner, `/api/share/link/${conversationId}`);
    expect(sharedLinkLookupSchema.parse(await found.json())).toEqual({ success: true, shareId, conversationId });
    const foreign = await callAs(stranger, `/api/share/link/${conversationId}`);
    expect(sharedLinkLookupSchema.parse(await foreign.json())).toEqual({
      success: false,
      shareId: null,
      conversationId,
    });
  });
});

describe('PATCH /api/share/{shareId}', () => {
  it('gives the link a new id and a fresh snapshot; the old id stops working', async () => {
    const owner = await createTestUser();
    const { conversationId, answer } = await conversationWithReply(owner);
    const oldId = await createLink(owner, conversationId);
    const before = await viewShare(oldId);
    await createMessage(env.DB, owner.id, conversationId, { parentMessageId: answer, text: 'Added later' });

    const res = await callAs(owner, `/api/share/${oldId}`, 'PATCH');
    expect(res.status).toBe(200);
    const refreshed = sharedLinkResultSchema.parse(await res.json());
    expect(refreshed.conversationId).toBe(conversationId);
    expect(refreshed.shareId).not.toBe(oldId);

    expect((await callAs(null, `/api/share/${oldId}`)).status).toBe(404);
    const after = await viewShare(refreshed.shareId);
    expect(after.messages.map((message) => message.text)).toEqual([
      'Where should I eat?',
      'Try the old town.',
      'Added later',
    ]);
    // New link, new pseudonyms: the two cannot be correlated.
    expect(after.messages[0]?.messageId).not.toBe(before.messages[0]?.messageId);
  });

  it("answers 404 for another user's link and leaves it unchanged", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const shareId = await createLink(owner, conversationId);
    const before = await storedLinks(conversationId);
    const res = await callAs(stranger, `/api/share/${shareId}`, 'PATCH');
    expect(res.status).toBe(404);
    expect(await storedLinks(conversationId)).toEqual(before);
    expect((await callAs(null, `/api/share/${shareId}`)).status).toBe(200);
  });
});

describe('DELETE /api/share/{shareId}', () => {
  it("answers 404 to another user and deletes only the owner's own link", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const { conversationId } = await conversationWithReply(owner);
    const shareId = await createLink(owner, conversationId);

    const foreign = await callAs(stranger, `/api/share/${shareId}`, 'DELETE');
    expect(foreign.status).toBe(404);
    expect(await storedLinks(conversationId)).toHaveLength(1);
    expect((await callAs(null, `/api/share/${shareId}`, 'DELETE')).status).toBe(401);

    const res = await callAs(owner, `/api/share/${shareId}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(deleteSharedLinkResultSchema.parse(await res.json())).toEqual({
      success: true,
      shareId,
      message: SHARE_MESSAGES.deleted,
    });
    expect(await storedLinks(conversationId)).toEqual([]);
    expect((await callAs(null, `/api/share/${shareId}`)).status).toBe(404);
    expect((await callAs(owner, `/api/share/${shareId}`, 'DELETE')).status).toBe(404);
  });
});

describe('GET /api/share', () => {
  async function setCreatedAt(shareId: string, createdAt: number) {
    await env.DB.prepare('UPDATE shared_links SET createdAt = ?1 WHERE shareId = ?2').bind(createdAt, shareId).run();
  }

  it("pages through the caller's links, newest first, 25 by default", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const ids: string[] = [];
    for (const [index, title] of ['Alpha', 'Beta', 'Gamma'].entries()) {
      const { conversationId } = await conversationWithReply(owner, title);
      const shareId = await createLink(owner, conversationId);
      await setCreatedAt(shareId, Date.UTC(2025, 0, index + 1));
      ids.push(shareId);
    }
    await createLink(stranger, (await conversationWithReply(stranger, 'Alpha of someone else')).conversationId);

    const all = sharedLinksPageSchema.parse(await (await callAs(owner, '/api/share')).json());
    expect(all.links.map((link) => link.title)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(all).toMatchObject({ nextCursor: null, hasNextPage: false });
    expect(all.links[0]).toMatchObject({ shareId: ids[2], isPublic: true, createdAt: '2025-01-03T00:00:00.000Z' });

    const first = sharedLinksPageSchema.parse(await (await callAs(owner, '/api/share?pageSize=2')).json());
    expect(first.links.map((link) => link.title)).toEqual(['Gamma', 'Beta']);
    expect(first.hasNextPage).toBe(true);
    const second = sharedLinksPageSchema.parse(
      await (await callAs(owner, `/api/share?pageSize=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.links.map((link) => link.title)).toEqual(['Alpha']);
    expect(second.hasNextPage).toBe(false);
  });

  it('sorts by title either way and searches titles (wildcards taken literally)', async () => {
    const owner = await createTestUser();
    for (const title of ['Pasta recipes', 'Bread 100%', 'Pastry']) {
      await createLink(owner, (await conversationWithReply(owner, title)).conversationId);
    }
    const titles = async (query: string) =>
      sharedLinksPageSchema
        .parse(await (await callAs(owner, `/api/share?${query}`)).json())
        .links.map((link) => link.title);
    expect(await titles('sortBy=title&sortDirection=asc')).toEqual(['Bread 100%', 'Pasta recipes', 'Pastry']);
    expect(await titles('sortBy=title&sortDirection=desc&pageSize=1')).toEqual(['Pastry']);
    const next = sharedLinksPageSchema.parse(
      await (await callAs(owner, '/api/share?sortBy=title&sortDirection=desc&pageSize=1')).json(),
    );
    expect(await titles(`sortBy=title&sortDirection=desc&pageSize=1&cursor=${next.nextCursor}`)).toEqual([
      'Pasta recipes',
    ]);
    expect(await titles('search=past')).toHaveLength(2);
    expect(await titles('search=0%25')).toEqual(['Bread 100%']);
    expect(await titles('search=a_')).toEqual([]);
  });

  it('refuses a cursor it did not issue, and answers 401 without a token', async () => {
    const owner = await createTestUser();
    expect((await callAs(owner, '/api/share?cursor=nonsense')).status).toBe(400);
    expect((await callAs(null, '/api/share')).status).toBe(401);
  });
});
