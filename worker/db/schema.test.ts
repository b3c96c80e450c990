import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from './client';
import { conversationTags, conversations, DEFAULT_ROLE_PERMISSIONS, messages, tags, toolCalls, users } from './schema';
import { createConversation, createMessage, createUser, queryPlan } from './test-helpers';

const EXPECTED_TABLES = [
  'actions',
  'agents',
  'balances',
  'banners',
  'bans',
  'conversation_tags',
  'conversations',
  'files',
  'messages',
  'one_time_tokens',
  'presets',
  'prompt_group_counts',
  'prompt_groups',
  'prompts',
  'rate_limits',
  'roles',
  'search_index',
  'sessions',
  'shared_links',
  'tags',
  'tool_calls',
  'transactions',
  'user_keys',
  'users',
];

// A migration that rebuilds messages or conversations drops these silently; fail loudly.
const EXPECTED_TRIGGERS = [
  'conversation_tags_count_delete',
  'conversation_tags_count_insert',
  'conversation_tags_count_update',
  'conversations_search_delete',
  'conversations_search_insert',
  'conversations_search_update',
  'conversations_tool_calls_delete',
  'messages_search_delete',
  'messages_search_insert',
  'messages_search_update',
  'prompt_groups_count_delete',
  'prompt_groups_count_insert',
  'prompt_groups_count_update',
];

async function names(type: 'table' | 'trigger' | 'index'): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name')
    .bind(type)
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/** The messages of a rejection and its causes (drizzle wraps D1's error in "Failed query"). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      messages.push(current.message);
    }
    return messages.join(' <- ');
  }
  throw new Error('expected the promise to reject');
}

describe('migrations', () => {
  it('create every table of the schema', async () => {
    const tables = await names('table');
    expect(tables).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    expect(tables).toContain('search_index_content');
  });

  it('create the sync triggers and the indexes the queries rely on', async () => {
    expect(await names('trigger')).toEqual(expect.arrayContaining(EXPECTED_TRIGGERS));
    expect(await names('index')).toEqual(
      expect.arrayContaining([
        'conversations_list_idx',
        'conversations_expired_idx',
        'messages_conversation_idx',
        'messages_user_idx',
        'shared_links_user_created_idx',
        'tags_user_position_idx',
        'files_user_created_idx',
        'transactions_user_created_idx',
        'sessions_user_idx',
      ]),
    );
  });

  it('create search_index as FTS5 with the unicode61 remove_diacritics 2 tokenizer', async () => {
    const row = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE name = 'search_index'").first<{
      sql: string;
    }>();
    expect(row?.sql).toMatch(/USING fts5/i);
    expect(row?.sql).toContain("tokenize = 'unicode61 remove_diacritics 2'");
  });

  it('seed the default role permissions', async () => {
    const { results } = await env.DB.prepare('SELECT name, permissions FROM roles ORDER BY name').all<{
      name: string;
      permissions: string;
    }>();
    const seeded = Object.fromEntries(results.map((row) => [row.name, JSON.parse(row.permissions)]));
    expect(seeded).toEqual(DEFAULT_ROLE_PERMISSIONS);
    expect(seeded.USER.PROMPTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: true });
    expect(seeded.USER.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: true });
    for (const group of ['BOOKMARKS', 'MULTI_CONVO', 'TEMPORARY_CHAT', 'RUN_CODE']) {
      expect(seeded.USER[group]).toEqual({ USE: true });
    }
    for (const flags of Object.values<Record<string, boolean>>(seeded.ADMIN)) {
      expect(Object.values(flags).every((flag) => flag === true)).toBe(true);
    }
  });
});

describe('constraints and defaults', () => {
  it('fill timestamps in epoch milliseconds and bump updatedAt on drizzle updates', async () => {
    const before = Date.now();
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const d = db(env);
    const [created] = await d.select().from(conversations).where(eq(conversations.conversationId, conversationId));
    expect(created?.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(created?.createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Number.isInteger(created?.createdAt)).toBe(true);
    expect(created?.title).toBe('New Chat');
    expect(created?.isArchived).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await d.update(conversations).set({ title: 'Renamed' }).where(eq(conversations.conversationId, conversationId));
    const [updated] = await d.select().from(conversations).where(eq(conversations.conversationId, conversationId));
    expect(updated?.updatedAt).toBeGreaterThan(created?.updatedAt ?? Infinity);
  });

  it('reject an email that is not stored lowercased, and duplicate emails', async () => {
    const d = db(env);
    const email = `dup-${crypto.randomUUID()}@example.com`;
    await expect(d.insert(users).values({ id: crypto.randomUUID(), email: email.toUpperCase() })).rejects.toThrow();
    await d.insert(users).values({ id: crypto.randomUUID(), email });
    await expect(d.insert(users).values({ id: crypto.randomUUID(), email })).rejects.toThrow();
  });

  it('keep one account per social provider id', async () => {
    const d = db(env);
    const providerId = crypto.randomUUID();
    const account = () => ({ id: crypto.randomUUID(), email: `${crypto.randomUUID()}@x.test`, providerId });
    await d.insert(users).values({ ...account(), provider: 'github' });
    await d.insert(users).values({ ...account(), provider: 'google' });
    await expect(d.insert(users).values({ ...account(), provider: 'github' })).rejects.toThrow();
  });

  it("refuse a message in another user's conversation", async () => {
    const owner = await createUser(env.DB, 'owner');
    const intruder = await createUser(env.DB, 'intruder');
    const conversationId = await createConversation(env.DB, owner);
    expect(await failure(createMessage(env.DB, intruder, conversationId, { text: 'hi' }))).toMatch(/FOREIGN KEY/i);
    expect(await failure(createMessage(env.DB, owner, crypto.randomUUID(), { text: 'orphan' }))).toMatch(
      /FOREIGN KEY/i,
    );
  });
});

describe('cascades', () => {
  it('deleting a user deletes their conversations, messages, links and search rows', async () => {
    const userId = await createUser(env.DB);
    const other = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId, { title: 'Cascade' });
    await createMessage(env.DB, userId, conversationId, { text: 'cascading words' });
    const otherConversation = await createConversation(env.DB, other);
    await createMessage(env.DB, other, otherConversation, { text: 'survivor' });
    const d = db(env);
    await d.insert(tags).values({ id: crypto.randomUUID(), userId, tag: 'Saved' });
    await d.insert(conversationTags).values({ userId, conversationId, tag: 'Saved' });

    await d.delete(users).where(eq(users.id, userId));

    const count = async (table: string, column = 'userId', id = userId) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).bind(id).first<number>('n')) ??
      -1;
    expect(await count('conversations')).toBe(0);
    expect(await count('messages')).toBe(0);
    expect(await count('tags')).toBe(0);
    expect(await count('conversation_tags')).toBe(0);
    expect(await count('search_index')).toBe(0);
    expect(await count('messages', 'userId', other)).toBe(1);
    expect(await count('search_index', 'userId', other)).toBe(2);
  });

  it('deleting a conversation deletes its messages, tag links, shares and tool calls', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const messageId = await createMessage(env.DB, userId, conversationId, { text: 'x' });
    const d = db(env);
    await d.insert(tags).values({ id: crypto.randomUUID(), userId, tag: 'work' });
    await d.insert(conversationTags).values({ userId, conversationId, tag: 'work' });
    await env.DB.prepare('INSERT INTO shared_links (shareId, userId, conversationId) VALUES (?, ?, ?)')
      .bind(crypto.randomUUID(), userId, conversationId)
      .run();
    await d.insert(toolCalls).values({ id: crypto.randomUUID(), userId, conversationId, messageId, toolId: 't' });

    await d.delete(conversations).where(eq(conversations.conversationId, conversationId));

    for (const table of ['messages', 'conversation_tags', 'shared_links', 'tool_calls']) {
      const n = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE conversationId = ?`)
        .bind(conversationId)
        .first<number>('n');
      expect(n, table).toBe(0);
    }
    const [tag] = await d.select().from(tags).where(eq(tags.userId, userId));
    expect(tag?.count).toBe(0);
  });
});

describe('tag counts', () => {
  it('follow links added, removed, and survive a rename', async () => {
    const userId = await createUser(env.DB);
    const a = await createConversation(env.DB, userId);
    const b = await createConversation(env.DB, userId);
    const d = db(env);
    const tagCount = async (tag: string) =>
      (
        await d
          .select({ count: tags.count })
          .from(tags)
          .where(sql`${tags.userId} = ${userId} AND ${tags.tag} = ${tag}`)
      )[0]?.count;
    await d.insert(tags).values({ id: crypto.randomUUID(), userId, tag: 'Saved' });
    await d.insert(conversationTags).values([
      { userId, conversationId: a, tag: 'Saved' },
      { userId, conversationId: b, tag: 'Saved' },
    ]);
    expect(await tagCount('Saved')).toBe(2);

    await d
      .update(tags)
      .set({ tag: 'Keep' })
      .where(sql`${tags.userId} = ${userId} AND ${tags.tag} = 'Saved'`);
    expect(await tagCount('Keep')).toBe(2);
    const links = await d.select().from(conversationTags).where(eq(conversationTags.userId, userId));
    expect(links.map((link) => link.tag)).toEqual(['Keep', 'Keep']);

    await d.delete(conversationTags).where(eq(conversationTags.conversationId, a));
    expect(await tagCount('Keep')).toBe(1);
  });
});

describe('message lookups', () => {
  it('read a conversation through messages_conversation_idx without sorting', async () => {
    const plan = await queryPlan(env.DB, 'SELECT * FROM messages WHERE conversationId = ? ORDER BY createdAt', ['c']);
    expect(plan.join('\n')).toMatch(/USING INDEX messages_conversation_idx \(conversationId=\?\)/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('build the tree skeleton from the index alone', async () => {
    const plan = await queryPlan(
      env.DB,
      'SELECT messageId, parentMessageId, createdAt FROM messages WHERE conversationId = ? ORDER BY createdAt',
      ['c'],
    );
    expect(plan.join('\n')).toMatch(/USING COVERING INDEX messages_conversation_idx/);
  });

  it('find a user message by messages_user_idx', async () => {
    const plan = await queryPlan(env.DB, 'SELECT messageId FROM messages WHERE userId = ? ORDER BY createdAt DESC', [
      'u',
    ]);
    expect(plan.join('\n')).toMatch(/messages_user_idx/);
  });

  it("upsert by messageId with setWhere cannot overwrite another user's message", async () => {
    const owner = await createUser(env.DB);
    const attacker = await createUser(env.DB);
    const ownerConvo = await createConversation(env.DB, owner);
    const attackerConvo = await createConversation(env.DB, attacker);
    const messageId = await createMessage(env.DB, owner, ownerConvo, { text: 'mine' });
    const written = await db(env)
      .insert(messages)
      .values({ messageId, userId: attacker, conversationId: attackerConvo, text: 'pwned' })
      .onConflictDoUpdate({
        target: messages.messageId,
        set: { text: 'pwned' },
        setWhere: eq(messages.userId, attacker),
      })
      .returning({ messageId: messages.messageId });
    expect(written).toEqual([]);
    const [row] = await db(env).select().from(messages).where(eq(messages.messageId, messageId));
    expect(row?.text).toBe('mine');
  });

  it('load a conversation with its messages through drizzle relations', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId, { title: 'With relations' });
    await createMessage(env.DB, userId, conversationId, { text: 'one' });
    await createMessage(env.DB, userId, conversationId, { text: 'two' });
    const found = await db(env).query.conversations.findFirst({
      where: (c, { and, eq: equals }) => and(equals(c.userId, userId), equals(c.conversationId, conversationId)),
      with: { messages: { orderBy: (m, { asc }) => [asc(m.seq)] } },
    });
    expect(found?.title).toBe('With relations');
    expect(found?.messages.map((m) => m.text)).toEqual(['one', 'two']);
  });

  it('store content parts and file refs as JSON', async () => {
    const userId = await createUser(env.DB);
    const conversationId = await createConversation(env.DB, userId);
    const messageId = await createMessage(env.DB, userId, conversationId, {
      content: [{ type: 'text', text: 'part' }],
      files: [{ file_id: 'f1', width: 10, height: 20 }],
    });
    const [row] = await db(env).select().from(messages).where(eq(messages.messageId, messageId));
    expect(row?.content).toEqual([{ type: 'text', text: 'part' }]);
    expect(row?.files).toEqual([{ file_id: 'f1', width: 10, height: 20 }]);
    expect(row?.isCreatedByUser).toBe(true);
  });
});
