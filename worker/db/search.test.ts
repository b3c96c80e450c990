import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from './client';
import { InvalidCursorError } from './paging';
import { conversations, messages } from './schema';
import { searchMessages, searchMessagesQuery, SNIPPET_MARK_END, SNIPPET_MARK_START, toFtsQuery } from './search';
import { createConversation, createMessage, createUser, queryPlan } from './test-helpers';

const marked = (term: string) => `${SNIPPET_MARK_START}${term}${SNIPPET_MARK_END}`;

describe('toFtsQuery', () => {
  it('quotes every term, doubles inner quotes and makes the last a prefix', () => {
    expect(toFtsQuery('hello world')).toBe('"hello" "world"*');
    expect(toFtsQuery('foo" OR')).toBe('"foo""" "OR"*');
    expect(toFtsQuery('NEAR(a b)')).toBe('"NEAR(a" "b)"*');
    expect(toFtsQuery('x a')).toBe('"x" "a"');
  });

  it('drops terms without letters or digits and returns null when nothing is left', () => {
    expect(toFtsQuery('   ')).toBeNull();
    expect(toFtsQuery('" * ( ) : ^ -')).toBeNull();
    expect(toFtsQuery('* café')).toBe('"café"*');
  });

  it('bounds the number of terms', () => {
    expect(toFtsQuery(Array.from({ length: 100 }, (_, i) => `t${i}`).join(' '))?.split(' ')).toHaveLength(16);
  });
});

describe('searchMessages', () => {
  it('finds inserted messages and marks the match in the snippet', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId, { title: 'Trip planning' });
    const messageId = await createMessage(env.DB, userId, conversationId, {
      text: 'We should visit the aquarium on Saturday morning',
    });
    await createMessage(env.DB, userId, conversationId, { text: 'Something unrelated' });

    const page = await searchMessages(env.DB, userId, 'aquarium', { limit: 10 });
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      kind: 'message',
      messageId,
      conversationId,
      title: 'Trip planning',
      isCreatedByUser: true,
    });
    expect(page.results[0]?.snippet).toContain(marked('aquarium'));
    expect(page.nextCursor).toBeNull();
  });

  it('folds case and diacritics, and matches a prefix of the last term', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    await createMessage(env.DB, userId, conversationId, { text: 'Le CRÈME brûlée était délicieuse' });
    expect((await searchMessages(env.DB, userId, 'creme brulee', { limit: 5 })).results).toHaveLength(1);
    expect((await searchMessages(env.DB, userId, 'délic', { limit: 5 })).results).toHaveLength(1);
  });

  it('indexes the text parts of content when text is empty', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    await createMessage(env.DB, userId, conversationId, {
      text: '',
      content: [
        { type: 'think', think: 'hidden reasoning zeppelin' },
        { type: 'text', text: 'visible answer about zebras' },
        { type: 'text', text: { value: 'assistants style walrus', annotations: [] } },
        { type: 'tool_call', tool_call: { name: 'x' } },
      ],
    });
    expect((await searchMessages(env.DB, userId, 'zebras', { limit: 5 })).results).toHaveLength(1);
    expect((await searchMessages(env.DB, userId, 'walrus', { limit: 5 })).results).toHaveLength(1);
    expect((await searchMessages(env.DB, userId, 'zeppelin', { limit: 5 })).results).toHaveLength(0);
  });

  it("never returns another user's messages or titles", async () => {
    const alice = await createUser(env.DB, 'alice');
    const bob = await createUser(env.DB, 'bob');
    const aliceConvo = await createConversation(env.DB, alice, { title: 'secret quokka plans' });
    await createMessage(env.DB, alice, aliceConvo, { text: 'the quokka password is swordfish' });
    const bobConvo = await createConversation(env.DB, bob, { title: 'quokka facts' });
    const bobMessage = await createMessage(env.DB, bob, bobConvo, { text: 'a quokka is a marsupial' });

    const page = await searchMessages(env.DB, bob, 'quokka', { limit: 50 });
    expect(page.results.map((hit) => hit.conversationId)).toEqual([bobConvo, bobConvo]);
    expect(page.results.map((hit) => hit.messageId)).toEqual([bobMessage, null]);
    expect((await searchMessages(env.DB, bob, 'swordfish', { limit: 50 })).results).toEqual([]);
  });

  it("does not read other users' matches (owner token in the MATCH)", async () => {
    const crowd = await createUser(env.DB, 'crowd');
    const crowdConvo = await createConversation(env.DB, crowd);
    const insert = env.DB.prepare('INSERT INTO messages (messageId, conversationId, userId, text) VALUES (?, ?, ?, ?)');
    await env.DB.batch(
      Array.from({ length: 300 }, (_, i) => insert.bind(crypto.randomUUID(), crowdConvo, crowd, `ocelot number ${i}`)),
    );
    const loner = await createUser(env.DB, 'loner');
    const lonerConvo = await createConversation(env.DB, loner);
    await createMessage(env.DB, loner, lonerConvo, { text: 'one ocelot of mine' });

    const built = searchMessagesQuery(loner, 'ocelot', { limit: 25 });
    if (!built) throw new Error('expected a query');
    const result = await env.DB.prepare(built.sql)
      .bind(...built.params)
      .all();
    expect(result.results).toHaveLength(1);
    // One hit costs a few reads (index row, conversation, message), not one per crowd message.
    expect(result.meta.rows_read).toBeLessThanOrEqual(10);
  });

  it('follows updates and deletes of a message', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const messageId = await createMessage(env.DB, userId, conversationId, { text: 'original platypus text' });
    const d = db(env);

    await d.update(messages).set({ text: 'edited wombat text' }).where(eq(messages.messageId, messageId));
    expect((await searchMessages(env.DB, userId, 'platypus', { limit: 5 })).results).toEqual([]);
    expect((await searchMessages(env.DB, userId, 'wombat', { limit: 5 })).results.map((hit) => hit.messageId)).toEqual([
      messageId,
    ]);

    // Unrelated column updates leave the index alone and the message findable.
    await d.update(messages).set({ tokenCount: 42 }).where(eq(messages.messageId, messageId));
    expect((await searchMessages(env.DB, userId, 'wombat', { limit: 5 })).results).toHaveLength(1);

    await d.delete(messages).where(eq(messages.messageId, messageId));
    expect((await searchMessages(env.DB, userId, 'wombat', { limit: 5 })).results).toEqual([]);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM search_index WHERE messageId = ?')
      .bind(messageId)
      .first<number>('n');
    expect(rows).toBe(0);
  });

  it('finds a conversation by its title and follows renames', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId, { title: 'Kangaroo migration' });
    const first = await searchMessages(env.DB, userId, 'kangaroo', { limit: 5 });
    expect(first.results).toEqual([
      expect.objectContaining({ kind: 'conversation', conversationId, messageId: null, title: 'Kangaroo migration' }),
    ]);
    expect(first.results[0]?.snippet).toContain(marked('Kangaroo'));
    expect((await searchMessages(env.DB, userId, 'kangaroo', { limit: 5, includeTitles: false })).results).toEqual([]);

    await db(env)
      .update(conversations)
      .set({ title: 'Emu census' })
      .where(eq(conversations.conversationId, conversationId));
    expect((await searchMessages(env.DB, userId, 'kangaroo', { limit: 5 })).results).toEqual([]);
    expect((await searchMessages(env.DB, userId, 'emu', { limit: 5 })).results).toHaveLength(1);
  });

  it('leaves out temporary chats', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId, {
      isTemporary: true,
      expiredAt: Date.now() + 86_400_000,
    });
    await createMessage(env.DB, userId, conversationId, { text: 'ephemeral narwhal' });
    expect((await searchMessages(env.DB, userId, 'narwhal', { limit: 5 })).results).toEqual([]);
  });

  it('does not throw on hostile queries', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    await createMessage(env.DB, userId, conversationId, { text: 'foo OR bar NEAR baz' });
    const hostile = [
      'foo" OR',
      'NEAR(',
      '"',
      '""""',
      'foo*',
      '*',
      'body:foo',
      'userId:x',
      '^foo',
      'a AND',
      'OR',
      'NOT foo',
      '(foo',
      'foo)',
      "'; DROP TABLE messages; --",
      '\u0000foo',
      'x'.repeat(5000),
      '{body} : foo',
      '- foo',
      '+',
    ];
    for (const query of hostile) {
      await expect(searchMessages(env.DB, userId, query, { limit: 5 }), query).resolves.toBeDefined();
    }
    expect((await searchMessages(env.DB, userId, 'foo" OR', { limit: 5 })).results).toHaveLength(1);
  });

  it('pages newest first with a cursor and rejects a forged one', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId, { title: 'Pager' });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await createMessage(env.DB, userId, conversationId, { text: `numbat sighting ${i}` }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: Awaited<ReturnType<typeof searchMessages>> = await searchMessages(env.DB, userId, 'numbat', {
        limit: 3,
        cursor,
      });
      seen.push(...page.results.map((hit) => hit.messageId ?? ''));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());
    await expect(searchMessages(env.DB, userId, 'numbat', { limit: 3, cursor: 'bm90LWEtY3Vyc29y' })).rejects.toThrow(
      InvalidCursorError,
    );
  });

  it('lets FTS5 deliver rows in rowid order, without a sort', async () => {
    for (const cursor of [null, 'WzEwMF0']) {
      const built = searchMessagesQuery('u', 'word', { limit: 10, cursor });
      if (!built) throw new Error('expected a query');
      const plan = (await queryPlan(env.DB, built.sql, built.params)).join('\n');
      expect(plan).toMatch(/SCAN search_index VIRTUAL TABLE/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).toMatch(/SEARCH c USING INDEX conversations_(user_id|id)_unique/);
      expect(plan).toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
    }
  });
});
