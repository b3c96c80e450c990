import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { agentListSchema, type AgentListItem } from '../contract/agents';
import type { UserRow } from './users';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';
import { listAgents, listAgentsQuery } from './agents';

/** Inserts agents straight into D1, `createdAt` one second apart from `start` (the list's order). */
async function seed(userId: string, count: number, options: { shared?: boolean; name?: string; start: number }) {
  const statements = Array.from({ length: count }, (_, i) =>
    env.DB.prepare(
      `INSERT INTO agents (id, userId, name, provider, model, projectIds, isShared, createdAt, updatedAt)
       VALUES (?1, ?2, ?3, 'openAI', 'gpt-4o-mini', ?4, ?5, ?6, ?6)`,
    ).bind(
      `agent_${crypto.randomUUID().replaceAll('-', '').slice(0, 21)}`,
      userId,
      `${options.name ?? 'Agent'} ${i}`,
      options.shared ? '["instance"]' : '[]',
      options.shared ? 1 : 0,
      options.start + i * 1000,
    ),
  );
  await env.DB.batch(statements);
}

/** Every page of the list as `user`, following `last_id`. */
async function walk(user: UserRow, limit: number, search = ''): Promise<AgentListItem[][]> {
  const pages: AgentListItem[][] = [];
  let after = '';
  for (;;) {
    const query = new URLSearchParams({
      limit: String(limit),
      ...(after ? { after } : {}),
      ...(search ? { search } : {}),
    });
    const res = await callAs(user, `/api/agents?${query.toString()}`);
    expect(res.status).toBe(200);
    const page = agentListSchema.parse(await res.json());
    pages.push(page.data);
    expect(page.first_id).toBe(page.data[0]?.id ?? null);
    expect(page.last_id).toBe(page.data.at(-1)?.id ?? null);
    if (!page.has_more) return pages;
    after = page.last_id ?? '';
    expect(pages.length).toBeLessThan(50);
  }
}

/**
 * The caller's agents (some shared), a neighbour's private and shared ones. Shared agents are
 * seen by every test of the file, so each world's names carry a tag of its own, and its dates
 * come after the worlds before it.
 */
let worlds = 0;
async function world() {
  const me = await createTestUser();
  const neighbour = await createTestUser();
  const tag = crypto.randomUUID().slice(0, 8);
  const start = Date.UTC(2026, 0, 1) + ++worlds * 3_600_000;
  await seed(me.id, 12, { start, name: `Mine ${tag}` });
  await seed(me.id, 5, { start: start + 500, shared: true, name: `Mine shared ${tag}` });
  await seed(neighbour.id, 40, { start: start + 250, name: `Hidden ${tag}` });
  await seed(neighbour.id, 9, { start: start + 750, shared: true, name: `Theirs 100%_done ${tag}` });
  return { me, neighbour, tag };
}

describe('GET /api/agents', () => {
  it("pages through the caller's own and the shared agents, newest first, each once", async () => {
    const { me, tag } = await world();
    const pages = await walk(me, 4);
    const all = pages.flat().filter((agent) => agent.name?.includes(tag) || agent.author === me.id);
    expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
    expect(new Set(all.map((agent) => agent.id)).size).toBe(all.length);
    const names = all.map((agent) => agent.name ?? '');
    expect(names.filter((name) => name.startsWith('Mine'))).toHaveLength(17);
    expect(names.filter((name) => name.startsWith('Theirs'))).toHaveLength(9);
    expect(names.some((name) => name.startsWith('Hidden'))).toBe(false);
    const created = await env.DB.prepare(
      `SELECT id FROM agents WHERE userId = ?1 OR isShared = 1 ORDER BY createdAt DESC, id DESC`,
    )
      .bind(me.id)
      .all<{ id: string }>();
    expect(all.map((agent) => agent.id)).toEqual(
      created.results.map((row) => row.id).filter((id) => all.some((a) => a.id === id)),
    );
    // `author` only on the caller's own agents.
    for (const agent of all) expect(agent.author === me.id || agent.author === undefined).toBe(true);
    expect(all.filter((agent) => agent.author === me.id)).toHaveLength(17);
  });

  it('searches names in any case, taking % and _ literally', async () => {
    const { me, tag } = await world();
    expect((await walk(me, 3, `mine SHARED ${tag.toUpperCase()}`)).flat()).toHaveLength(5);
    expect((await walk(me, 100, `100%_done ${tag}`)).flat()).toHaveLength(9);
    expect((await walk(me, 100, `100%_`)).flat().length).toBeGreaterThanOrEqual(9);
    expect((await walk(me, 100, `0%_d`)).flat().every((agent) => agent.name?.includes('0%_d'))).toBe(true);
    expect((await walk(me, 100, `hidden ${tag}`)).flat()).toHaveLength(0);
  });

  it('refuses an `after` that is not an agent the caller sees', async () => {
    const { me, neighbour } = await world();
    const hidden = await env.DB.prepare('SELECT id FROM agents WHERE userId = ?1 AND isShared = 0')
      .bind(neighbour.id)
      .first<string>('id');
    for (const after of [hidden, 'agent_doesNotExist', 'garbage']) {
      expect((await callAs(me, `/api/agents?after=${after}`)).status, String(after)).toBe(400);
    }
  });
});

describe('listAgentsQuery', () => {
  it('reads about two pages of rows, however many agents the instance holds', async () => {
    const { me } = await world();
    for (const other of [await createTestUser(), await createTestUser()]) {
      await seed(other.id, 150, { start: Date.UTC(2025, 0, 1), name: 'Noise' });
      await seed(other.id, 100, { start: Date.UTC(2025, 6, 1), shared: true, name: 'Noise shared' });
    }
    const limit = 10;
    const first = await listAgents(env.DB, me.id, { limit });
    expect(first.rows).toHaveLength(limit);
    for (const position of [null, { createdAt: first.rows.at(-1)?.createdAt ?? 0, id: first.rows.at(-1)?.id ?? '' }]) {
      const { sql, params } = listAgentsQuery(me.id, { limit }, position);
      const result = await env.DB.prepare(sql)
        .bind(...params)
        .all();
      expect(result.results).toHaveLength(limit + 1);
      expect(result.meta.rows_read).toBeLessThanOrEqual(4 * (limit + 1));
    }
  });
});

describe('migration 0005', () => {
  it('marks the agents already shared with the instance, and only those', async () => {
    const user = await createTestUser();
    await seed(user.id, 2, { start: Date.UTC(2024, 0, 1), name: 'Before' });
    await env.DB.prepare(`UPDATE agents SET projectIds = '["instance"]' WHERE userId = ?1 AND name = 'Before 0'`)
      .bind(user.id)
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0005_'));
    const backfill = migration?.queries.find((query) => query.trim().startsWith('UPDATE'));
    if (!backfill) throw new Error('migration 0005 has no backfill');
    await env.DB.prepare(backfill).run();
    const { results } = await env.DB.prepare('SELECT name, isShared FROM agents WHERE userId = ?1 ORDER BY name')
      .bind(user.id)
      .all();
    expect(results).toEqual([
      { name: 'Before 0', isShared: 1 },
      { name: 'Before 1', isShared: 0 },
    ]);
  });
});
