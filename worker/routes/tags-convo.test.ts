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
  setTags,
  storedTagCount,
  summary,
  userWithTags,
} from '../services/tags/test-helpers';

describe('PUT /api/tags/convo/{conversationId}', () => {
  it('sets exactly these bookmarks, creating unknown ones at the end, counts following', async () => {
    const user = await createTestUser();
    await list(user);
    const a = await createConversation(env.DB, user.id);
    const b = await createConversation(env.DB, user.id);

    expect(await setTags(user, a, ['Saved', 'work', 'work', 'ideas'])).toEqual(['Saved', 'work', 'ideas']);
    expect(await summary(user)).toEqual({ Saved: [1, 1], work: [1, 2], ideas: [1, 3] });

    expect(await setTags(user, b, ['ideas', 'new'])).toEqual(['ideas', 'new']);
    expect(await summary(user)).toEqual({ Saved: [1, 1], work: [1, 2], ideas: [2, 3], new: [1, 4] });

    // Removing some, keeping some, adding one; then clearing.
    expect(await setTags(user, a, ['ideas', 'new'])).toEqual(['ideas', 'new']);
    expect(await summary(user)).toEqual({ Saved: [0, 1], work: [0, 2], ideas: [2, 3], new: [2, 4] });
    expect(await setTags(user, a, [])).toEqual([]);
    expect(await linksOf(a)).toEqual([]);
    expect(await summary(user)).toEqual({ Saved: [0, 1], work: [0, 2], ideas: [1, 3], new: [1, 4] });
    // The same set again changes no count.
    expect(await setTags(user, b, ['new', 'ideas'])).toEqual(['new', 'ideas']);
    expect(await summary(user)).toEqual({ Saved: [0, 1], work: [0, 2], ideas: [1, 3], new: [1, 4] });
  });

  it("answers 404 for another user's conversation: no link, no bookmark created", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const conversationId = await createConversation(env.DB, alice.id);
    await setTags(alice, conversationId, ['Saved']);

    const res = await callAs(mallory, `/api/tags/convo/${conversationId}`, 'PUT', { tags: ['planted'] });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
    expect(await linksOf(conversationId)).toEqual(['Saved']);
    expect(await storedTagCount(mallory.id)).toBe(0);
    expect(await summary(alice)).toEqual({ Saved: [1, 1] });
    expect((await callAs(alice, '/api/tags/convo/no-such-conversation', 'PUT', { tags: [] })).status).toBe(404);
  });

  it('answers 400 naming the field for a malformed body, changing nothing', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    await setTags(user, conversationId, ['keep']);
    const cases: [unknown, string][] = [
      [{}, 'tags: tags must be an array of bookmark names'],
      [{ tags: 'keep' }, 'tags: tags must be an array of bookmark names'],
      [{ tags: ['ok', ''] }, 'tags.1: tag must not be empty'],
      [{ tags: [3] }, 'tags.0:'],
      [
        { tags: Array.from({ length: TAG_LIMITS.perUser + 1 }, (_, i) => `t${i}`) },
        `tags: tags must hold at most ${TAG_LIMITS.perUser} names`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await callAs(user, `/api/tags/convo/${conversationId}`, 'PUT', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await messageOf(res)).toContain(message);
    }
    expect(await linksOf(conversationId)).toEqual(['keep']);
  });

  it('handles many names in one request (one JSON parameter, not one per name)', async () => {
    const user = await createTestUser();
    const conversationId = await createConversation(env.DB, user.id);
    const many = Array.from({ length: 150 }, (_, i) => `tag ${i}`);
    expect(await setTags(user, conversationId, many)).toEqual(many);
    const tags = await list(user);
    expect(tags).toHaveLength(151);
    expect(tags.map((tag) => tag.position)).toEqual(Array.from({ length: 151 }, (_, i) => i + 1));
    expect(names(tags).slice(1)).toEqual(many);
  });

  it(`refuses to create bookmarks past ${TAG_LIMITS.perUser}, changing nothing`, async () => {
    const user = await userWithTags('x');
    const conversationId = await createConversation(env.DB, user.id);
    await setTags(user, conversationId, ['x']);
    await env.DB.batch(
      Array.from({ length: TAG_LIMITS.perUser - 2 }, (_, i) =>
        env.DB.prepare('INSERT INTO tags (id, userId, tag, position) VALUES (?1, ?2, ?3, ?4)').bind(
          crypto.randomUUID(),
          user.id,
          `t${i}`,
          i + 2,
        ),
      ),
    );
    const res = await callAs(user, `/api/tags/convo/${conversationId}`, 'PUT', { tags: ['new 1', 'new 2'] });
    expect(res.status).toBe(409);
    expect((await res.json<{ code: string }>()).code).toBe('tag_limit_reached');
    expect(await linksOf(conversationId)).toEqual(['x']);
    // Within the cap it works, and existing names never count against it.
    expect(await setTags(user, conversationId, ['new 1', 't0'])).toEqual(['new 1', 't0']);
  });
});

describe('POST /api/tags/rebuild', () => {
  it('recomputes wrong counts and re-packs positions, keeping the order', async () => {
    const user = await userWithTags('a', 'b', 'c');
    const conversationId = await createConversation(env.DB, user.id);
    await setTags(user, conversationId, ['a', 'c']);
    // Damage as a restore or a manual edit might: wrong counts, gaps in positions.
    await env.DB.prepare('UPDATE tags SET count = 7, position = position * 10 WHERE userId = ?1').bind(user.id).run();

    const res = await callAs(user, '/api/tags/rebuild', 'POST');
    expect(res.status).toBe(200);
    const tags = tagSchema.array().parse(await res.json());
    expect(tags.map((tag) => [tag.tag, tag.count, tag.position])).toEqual([
      ['a', 1, 1],
      ['b', 0, 2],
      ['c', 1, 3],
    ]);
  });

  it('gives a user without bookmarks the default Saved, and touches no one else', async () => {
    const user = await createTestUser();
    const other = await userWithTags('z');
    await env.DB.prepare('UPDATE tags SET count = 5 WHERE userId = ?1').bind(other.id).run();
    const res = await callAs(user, '/api/tags/rebuild', 'POST');
    expect(names(tagSchema.array().parse(await res.json()))).toEqual(['Saved']);
    expect(await summary(other)).toEqual({ z: [5, 1] });
  });
});
