import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { messageSearchPageSchema, type MessageSearchPage } from '../contract/search';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '../contract/search-marks';
import { measureSearchMessages } from '../db/search';
import { createConversation, createMessage } from '../db/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const marked = (term: string) => `${SEARCH_MARK_START}${term}${SEARCH_MARK_END}`;

async function search(user: Awaited<ReturnType<typeof createTestUser>> | null, query: string): Promise<Response> {
  return callAs(user, `/api/messages?${query}`);
}

async function page(res: Response): Promise<MessageSearchPage> {
  expect(res.status).toBe(200);
  return messageSearchPageSchema.parse(await res.json());
}

describe('GET /api/messages?search=…', () => {
  it("finds the caller's messages with the conversation title and a marked snippet", async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id, { title: 'Zoo trip' });
    const question = await createMessage(env.DB, user.id, conversationId, {
      text: 'Where do capybaras sleep?',
      createdAt: 1_000,
    });
    const reply = await createMessage(env.DB, user.id, conversationId, {
      parentMessageId: question,
      isCreatedByUser: false,
      sender: 'GPT-4o',
      endpoint: 'openAI',
      model: 'gpt-4o',
      text: 'Capybaras doze near water.',
      createdAt: 2_000,
    });
    await createMessage(env.DB, user.id, conversationId, { text: 'unrelated', createdAt: 3_000 });

    const body = await page(await search(user, 'search=capybaras&pageSize=25'));
    expect(body.nextCursor).toBeNull();
    expect(body.messages.map((m) => m.messageId)).toEqual([reply, question]);
    expect(body.messages[0]).toEqual({
      messageId: reply,
      conversationId,
      parentMessageId: question,
      sender: 'GPT-4o',
      text: 'Capybaras doze near water.',
      isCreatedByUser: false,
      endpoint: 'openAI',
      model: 'gpt-4o',
      title: 'Zoo trip',
      snippet: `${marked('Capybaras')} doze near water.`,
      searchResult: true,
      createdAt: new Date(2_000).toISOString(),
      updatedAt: expect.any(String),
    });
    expect(body.messages[1]?.snippet).toContain(marked('capybaras'));
  });

  it('shows the text parts of an agent reply whose text is empty', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    await createMessage(env.DB, user.id, conversationId, {
      text: '',
      isCreatedByUser: false,
      content: [
        { type: 'think', think: 'secret' },
        { type: 'text', text: 'Axolotls regrow limbs.' },
      ],
    });
    const body = await page(await search(user, 'search=axolotls'));
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]?.text).toBe('Axolotls regrow limbs.');
  });

  it("never returns another user's messages, and leaves out titles and temporary chats", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const aliceConvo = await createConversation(env.DB, alice.id, { title: 'pangolin diary' });
    await createMessage(env.DB, alice.id, aliceConvo, { text: 'my pangolin secret' });
    const bobConvo = await createConversation(env.DB, bob.id, { title: 'pangolin facts' });
    const bobMessage = await createMessage(env.DB, bob.id, bobConvo, { text: 'a pangolin has scales' });
    const temporary = await createConversation(env.DB, bob.id, {
      isTemporary: true,
      expiredAt: Date.now() + 86_400_000,
    });
    await createMessage(env.DB, bob.id, temporary, { text: 'temporary pangolin' });

    const body = await page(await search(bob, 'search=pangolin'));
    expect(body.messages.map((m) => m.messageId)).toEqual([bobMessage]);
    expect((await page(await search(bob, 'search=secret'))).messages).toEqual([]);
  });

  it('searches within one conversation when conversationId is given', async () => {
    const user = await createTestUser();
    const first = await createConversation(env.DB, user.id);
    const second = await createConversation(env.DB, user.id);
    await createMessage(env.DB, user.id, first, { text: 'gecko in the first' });
    const inSecond = await createMessage(env.DB, user.id, second, { text: 'gecko in the second' });
    const body = await page(await search(user, `search=gecko&conversationId=${second}`));
    expect(body.messages.map((m) => m.messageId)).toEqual([inSecond]);
    expect((await page(await search(user, 'search=gecko'))).messages).toHaveLength(2);
  });

  it('pages with a stable cursor and clamps pageSize', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await createMessage(env.DB, user.id, conversationId, { text: `okapi note ${i}`, createdAt: 1_000 + i }));

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const query: string = `search=okapi&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`;
      const body: MessageSearchPage = await page(await search(user, query));
      expect(body.messages.length).toBeLessThanOrEqual(2);
      seen.push(...body.messages.map((m) => m.messageId));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());

    expect((await page(await search(user, 'search=okapi&pageSize=0'))).messages).toHaveLength(1);
    expect((await page(await search(user, 'search=okapi&pageSize=100000'))).messages).toHaveLength(5);
    expect((await page(await search(user, 'search=okapi&pageSize=lots'))).messages).toHaveLength(5);
  });

  it('answers 400 to a cursor it did not issue', async () => {
    const user = await createTestUser();
    const res = await search(user, 'search=okapi&cursor=bm90LWEtY3Vyc29y');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Invalid cursor' });
  });

  it('answers hostile queries with a page, never an error', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    await createMessage(env.DB, user.id, conversationId, { text: 'foo OR bar NEAR baz' });
    for (const query of [
      'foo" OR',
      'NEAR(',
      '"',
      '*',
      'body:foo',
      'owner:x',
      "'; DROP TABLE messages; --",
      '(',
      '^',
      'a'.repeat(1_500),
    ]) {
      const res = await search(user, `search=${encodeURIComponent(query)}`);
      expect(res.status, query).toBe(200);
      messageSearchPageSchema.parse(await res.json());
    }
    expect((await page(await search(user, `search=${encodeURIComponent('foo" OR')}`))).messages).toHaveLength(1);
    expect((await search(user, `search=${'a'.repeat(2_001)}`)).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await search(null, 'search=anything')).status).toBe(401);
  });
});

describe('GET /api/messages without a search', () => {
  it('answers an empty page, and does not shadow /api/messages/{conversationId}', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const messageId = await createMessage(env.DB, user.id, conversationId, { text: 'hello' });

    expect(await (await search(user, '')).json()).toEqual({ messages: [], nextCursor: null });
    expect(await (await search(user, 'search=%20%20')).json()).toEqual({ messages: [], nextCursor: null });
    const byPath = await callAs(user, `/api/messages/${conversationId}`);
    expect((await byPath.json<{ messageId: string }[]>()).map((m) => m.messageId)).toEqual([messageId]);
  });

  it('reads one conversation, or one message, in the page shape; nothing of another user', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const first = await createMessage(env.DB, user.id, conversationId, { text: 'one', createdAt: 1_000 });
    const second = await createMessage(env.DB, user.id, conversationId, { text: 'two', createdAt: 2_000 });

    const all = await (
      await search(user, `conversationId=${conversationId}`)
    ).json<{ messages: { messageId: string }[] }>();
    expect(all.messages.map((m) => m.messageId)).toEqual([first, second]);
    const one = await (
      await search(user, `conversationId=${conversationId}&messageId=${second}`)
    ).json<{ messages: { messageId: string }[] }>();
    expect(one.messages.map((m) => m.messageId)).toEqual([second]);
    expect(await (await search(other, `conversationId=${conversationId}`)).json()).toEqual({
      messages: [],
      nextCursor: null,
    });
    expect(await (await search(other, `conversationId=${conversationId}&messageId=${second}`)).json()).toEqual({
      messages: [],
      nextCursor: null,
    });
  });
});

describe('measureSearchMessages', () => {
  it('reports rows read that grow with the page, not with the history', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const insert = env.DB.prepare('INSERT INTO messages (messageId, conversationId, userId, text) VALUES (?, ?, ?, ?)');
    await env.DB.batch(
      Array.from({ length: 400 }, (_, i) =>
        insert.bind(crypto.randomUUID(), conversationId, user.id, `tapir entry ${i}`),
      ),
    );

    const measured = await measureSearchMessages(env.DB, user.id, 'tapir', { limit: 25, includeTitles: false });
    expect(measured.results).toHaveLength(25);
    expect(measured.nextCursor).not.toBeNull();
    expect(measured.rowsRead).toBeGreaterThan(0);
    // ~3 reads per hit (index row, conversation, message) for 26 rows, not 400.
    expect(measured.rowsRead).toBeLessThanOrEqual(26 * 3 + 10);
    expect(measured.durationMs).toBeGreaterThanOrEqual(0);
    expect(await measureSearchMessages(env.DB, user.id, '""', { limit: 25 })).toEqual({
      results: [],
      nextCursor: null,
      rowsRead: 0,
      durationMs: 0,
    });
  });
});
