import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { TAG_LIMITS, tagSchema } from '../contract/tags';
import { createConversation } from '../db/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';
import {
  create,
  linksOf,
  list,
  messageOf,
  names,
  path,
  setTags,
  storedTagCount,
  summary,
  userWithTags,
} from '../services/tags/test-helpers';

describe('GET /api/tags', () => {
  it('gives a new user the default Saved bookmark, once', async () => {
    const user = await createTestUser();
    const [saved, ...rest] = await list(user);
    expect(rest).toEqual([]);
    expect(saved).toEqual({
      _id: expect.any(String),
      user: user.id,
      tag: 'Saved',
      count: 0,
      position: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    // Concurrent first lists create it once (the unique name index).
    const lists = await Promise.all([list(user), list(user), list(user)]);
    expect(lists.map((tags) => tags.length)).toEqual([1, 1, 1]);
  });

  it("lists by position, and only the caller's bookmarks", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await create(alice, { tag: 'work', description: 'Job things' });
    await create(alice, { tag: 'ideas' });
    await create(bob, { tag: 'bob-only' });
    const tags = await list(alice);
    expect(tags.map((tag) => [tag.tag, tag.position, tag.description])).toEqual([
      ['Saved', 1, undefined],
      ['work', 2, 'Job things'],
      ['ideas', 3, undefined],
    ]);
    expect(names(await list(bob))).toEqual(['Saved', 'bob-only']);
  });

  it('does not bring Saved back while the user keeps other bookmarks', async () => {
    const user = await userWithTags('work');
    expect(await summary(user)).toEqual({ work: [0, 1] });
  });
});

describe('POST /api/tags', () => {
  it('creates a bookmark at the end, trimmed, with its description', async () => {
    const user = await createTestUser();
    await list(user);
    const tag = await create(user, { tag: '  Research  ', description: '  papers to read ' });
    expect(tag).toMatchObject({ user: user.id, tag: 'Research', description: 'papers to read', count: 0, position: 2 });
    expect(await summary(user)).toEqual({ Saved: [0, 1], Research: [0, 2] });
  });

  it('tags the conversation when asked, counting it', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const tag = await create(user, { tag: 'trip', conversationId, addToConversation: true });
    expect(tag.count).toBe(1);
    expect(await linksOf(conversationId)).toEqual(['trip']);
    // A conversationId without addToConversation only creates the bookmark (LibreChat's reading).
    await create(user, { tag: 'later', conversationId });
    expect(await linksOf(conversationId)).toEqual(['trip']);
  });

  it('a new user creating Saved itself gets it, first, on the conversation (not a 409)', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const saved = await create(user, { tag: 'Saved', description: 'mine', conversationId, addToConversation: true });
    expect(saved).toMatchObject({ tag: 'Saved', description: 'mine', count: 1, position: 1 });
    expect(await linksOf(conversationId)).toEqual(['Saved']);
  });

  it('answers 409 for a name the user already has, and changes nothing', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    await create(user, { tag: 'work' });
    const res = await callAs(user, '/api/tags', 'POST', { tag: ' work ', conversationId, addToConversation: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'A bookmark named "work" already exists', code: 'tag_exists' });
    expect(await linksOf(conversationId)).toEqual([]);
    // Names are case-sensitive, as in LibreChat.
    expect((await create(user, { tag: 'Work' })).tag).toBe('Work');
  });

  it("answers 404 for another user's conversation and creates nothing", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const conversationId = await createConversation(env.DB, alice.id);
    const res = await callAs(mallory, '/api/tags', 'POST', { tag: 'planted', conversationId, addToConversation: true });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
    expect(await linksOf(conversationId)).toEqual([]);
    // A refusal writes nothing, not even the default bookmark.
    expect(await storedTagCount(mallory.id)).toBe(0);
  });

  it('drops user, count and position from the body: the server owns them', async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const tag = await create(mallory, { tag: 'mine', user: alice.id, count: 99, position: 0 });
    // Position 2: the default Saved was given to this new user first.
    expect(tag).toMatchObject({ user: mallory.id, count: 0, position: 2 });
    expect(await storedTagCount(alice.id)).toBe(0);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const user = await createTestUser();
    const cases: [unknown, string][] = [
      [{}, 'tag: tag is required'],
      [{ tag: '   ' }, 'tag: tag must not be empty'],
      [{ tag: 42 }, 'tag: tag is required'],
      [{ tag: 'x'.repeat(TAG_LIMITS.tagMax + 1) }, `tag: tag must be at most ${TAG_LIMITS.tagMax} characters`],
      [{ tag: 'ok', description: 'd'.repeat(TAG_LIMITS.descriptionMax + 1) }, 'description:'],
      [{ tag: 'ok', description: 7 }, 'description: description must be a string'],
      [{ tag: 'ok', addToConversation: 'yes' }, 'addToConversation: addToConversation must be a boolean'],
      [{ tag: 'ok', conversationId: 5, addToConversation: true }, 'conversationId:'],
    ];
    for (const [body, message] of cases) {
      const res = await callAs(user, '/api/tags', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toContain(message);
    }
    expect(names(await list(user))).toEqual(['Saved']);
  });

  it(`refuses a bookmark past ${TAG_LIMITS.perUser} with a 409 naming the limit`, async () => {
    const user = await createTestUser();
    await env.DB.batch(
      Array.from({ length: TAG_LIMITS.perUser }, (_, i) =>
        env.DB.prepare('INSERT INTO tags (id, userId, tag, position) VALUES (?1, ?2, ?3, ?4)').bind(
          crypto.randomUUID(),
          user.id,
          `t${i}`,
          i + 1,
        ),
      ),
    );
    const res = await callAs(user, '/api/tags', 'POST', { tag: 'one too many' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: `You can keep at most ${TAG_LIMITS.perUser} bookmarks: delete one before adding another`,
      code: 'tag_limit_reached',
    });
    expect((await list(user)).length).toBe(TAG_LIMITS.perUser);
  });
});

describe('PUT /api/tags/{tag}', () => {
  it('renames the bookmark and every conversation carrying it, keeping the count', async () => {
    const user = await createTestUser();
    const a = await createConversation(env.DB, user.id);
    const b = await createConversation(env.DB, user.id);
    await setTags(user, a, ['old name', 'other']);
    await setTags(user, b, ['old name']);

    const res = await callAs(user, path('old name'), 'PUT', { tag: ' new/name? ', description: 'renamed' });
    expect(res.status).toBe(200);
    expect(tagSchema.parse(await res.json())).toMatchObject({
      tag: 'new/name?',
      description: 'renamed',
      count: 2,
      position: 2,
    });
    expect(await linksOf(a)).toEqual(['new/name?', 'other']);
    expect(await linksOf(b)).toEqual(['new/name?']);
    expect(await summary(user)).toEqual({ Saved: [0, 1], 'new/name?': [2, 2], other: [1, 3] });
    // The encoded name with a slash and a question mark reaches the route as one name.
    expect((await callAs(user, path('new/name?'), 'PUT', { description: null })).status).toBe(200);
    expect((await list(user)).find((tag) => tag.tag === 'new/name?')).not.toHaveProperty('description');
  });

  it('answers 409 when the new name is taken, and changes nothing', async () => {
    const user = await userWithTags('a', 'b');
    const res = await callAs(user, path('a'), 'PUT', { tag: 'b', description: 'lost', position: 2 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'A bookmark named "b" already exists', code: 'tag_exists' });
    const tags = await list(user);
    expect(tags.map((tag) => [tag.tag, tag.position, tag.description])).toEqual([
      ['a', 1, undefined],
      ['b', 2, undefined],
    ]);
  });

  it('moves a bookmark; the others shift and positions stay 1…n', async () => {
    const user = await userWithTags('a', 'b', 'c', 'd', 'e');
    const move = async (tag: string, position: number) => {
      const res = await callAs(user, path(tag), 'PUT', { position });
      expect(res.status).toBe(200);
      return tagSchema.parse(await res.json()).position;
    };
    expect(await move('d', 2)).toBe(2);
    expect(names(await list(user))).toEqual(['a', 'd', 'b', 'c', 'e']);
    expect(await move('a', 4)).toBe(4);
    expect(names(await list(user))).toEqual(['d', 'b', 'c', 'a', 'e']);
    // Out of range is clamped: 0 means first, past the end means last.
    expect(await move('e', 0)).toBe(1);
    expect(await move('b', 99)).toBe(5);
    const tags = await list(user);
    expect(names(tags)).toEqual(['e', 'd', 'c', 'a', 'b']);
    expect(tags.map((tag) => tag.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it("answers 404 for an unknown or another user's bookmark, touching nothing", async () => {
    const alice = await userWithTags('private', 'second');
    const mallory = await createTestUser();
    for (const body of [{ tag: 'stolen' }, { position: 2 }, { description: 'x' }]) {
      const res = await callAs(mallory, path('private'), 'PUT', body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Bookmark not found', code: 'not_found' });
    }
    expect(await summary(alice)).toEqual({ private: [0, 1], second: [0, 2] });
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const user = await userWithTags('a');
    const cases: [unknown, string][] = [
      [{ position: -1 }, 'position: position must not be negative'],
      [{ position: 1.5 }, 'position: position must be a whole number'],
      [{ position: '2' }, 'position: position must be a number'],
      [{ tag: '' }, 'tag: tag must not be empty'],
      [{ tag: null }, 'tag:'],
    ];
    for (const [body, message] of cases) {
      const res = await callAs(user, path('a'), 'PUT', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toContain(message);
    }
    expect(await summary(user)).toEqual({ a: [0, 1] });
  });
});

describe('DELETE /api/tags/{tag}', () => {
  it('deletes the bookmark and its links, answers it, and closes the gap', async () => {
    const user = await userWithTags('a', 'b', 'c');
    const conversationId = await createConversation(env.DB, user.id);
    await setTags(user, conversationId, ['b', 'c']);

    const res = await callAs(user, path('b'), 'DELETE');
    expect(res.status).toBe(200);
    expect(tagSchema.parse(await res.json())).toMatchObject({ tag: 'b', position: 2 });
    expect(await linksOf(conversationId)).toEqual(['c']);
    expect(await summary(user)).toEqual({ a: [0, 1], c: [1, 2] });
  });

  it("answers 404 for an unknown or another user's bookmark, deleting nothing", async () => {
    const alice = await userWithTags('a', 'b');
    const conversationId = await createConversation(env.DB, alice.id);
    await setTags(alice, conversationId, ['a']);
    const mallory = await createTestUser();
    const res = await callAs(mallory, path('a'), 'DELETE');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Bookmark not found', code: 'not_found' });
    expect(await summary(alice)).toEqual({ a: [1, 1], b: [0, 2] });
    expect(await linksOf(conversationId)).toEqual(['a']);
  });

  it('a user who deletes every bookmark gets the default Saved again, like a new user', async () => {
    const user = await userWithTags('only');
    expect((await callAs(user, path('only'), 'DELETE')).status).toBe(200);
    expect(await summary(user)).toEqual({ Saved: [0, 1] });
  });
});

describe('access', () => {
  it('answers 401 to every tags route without a token', async () => {
    for (const [route, method] of [
      ['/api/tags', 'GET'],
      ['/api/tags', 'POST'],
      ['/api/tags/rebuild', 'POST'],
      ['/api/tags/Saved', 'PUT'],
      ['/api/tags/Saved', 'DELETE'],
      ['/api/tags/convo/x', 'PUT'],
    ] as const) {
      expect((await callAs(null, route, method, method === 'GET' ? undefined : {})).status, `${method} ${route}`).toBe(
        401,
      );
    }
  });

  it('answers 403 when the role may not use bookmarks', async () => {
    const admin = await createTestUser({ role: 'ADMIN' });
    const permissions = await env.DB.prepare("SELECT permissions FROM roles WHERE name = 'ADMIN'").first<string>(
      'permissions',
    );
    await env.DB.prepare(
      `UPDATE roles SET permissions = json_set(permissions, '$.BOOKMARKS.USE', json('false')) WHERE name = 'ADMIN'`,
    ).run();
    try {
      const res = await callAs(admin, '/api/tags');
      expect(res.status).toBe(403);
      expect((await res.json<{ code: string }>()).code).toBe('forbidden');
    } finally {
      await env.DB.prepare("UPDATE roles SET permissions = ?1 WHERE name = 'ADMIN'").bind(permissions).run();
    }
    expect((await callAs(admin, '/api/tags')).status).toBe(200);
  });
});
