import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { createTestUser } from '../test/auth-helpers';
import { callAs, TEST_CREDS } from '../test/two-factor-helpers';
import type { UserRow } from '../db/users';

const TAVILY = 'tavily_search_results_json';
const SECRET = 'tvly-user-secret-123';

afterEach(async () => {
  await clearAppConfig();
});

const post = (user: UserRow, body: unknown, vars = TEST_CREDS) => callAs(user, '/api/user/plugins', 'POST', body, vars);

async function storedRows(userId: string) {
  const { results } = await env.DB.prepare('SELECT name, value FROM user_keys WHERE userId = ? ORDER BY name')
    .bind(userId)
    .all<{ name: string; value: string }>();
  return results;
}

async function storedUser(userId: string) {
  const row = await env.DB.prepare('SELECT plugins FROM users WHERE id = ?').bind(userId).first<{ plugins: string }>();
  return row && { plugins: JSON.parse(row.plugins) as string[] };
}

const authOf = async (user: UserRow, toolId: string, vars = TEST_CREDS) => {
  const res = await callAs(user, `/api/agents/tools/${toolId}/auth`, 'GET', undefined, vars);
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
};

const listed = async (user: UserRow, path: string, vars = TEST_CREDS) => {
  const res = await callAs(user, path, 'GET', undefined, vars);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, tools: JSON.parse(text) as { pluginKey: string; authenticated?: boolean }[] };
};

const tavilyOf = (tools: { pluginKey: string; authenticated?: boolean }[]) =>
  tools.find((tool) => tool.pluginKey === TAVILY);

describe('POST /api/user/plugins', () => {
  it('installs a tool with the user’s key: sealed in user_keys, listed as authenticated for that user only', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    expect(tavilyOf((await listed(user, '/api/agents/tools')).tools)).not.toHaveProperty('authenticated');
    expect(await authOf(user, TAVILY)).toEqual({
      status: 200,
      body: { authenticated: false, message: 'user_provided' },
    });

    const res = await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: ` ${SECRET} ` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');

    const rows = await storedRows(user.id);
    expect(rows.map((row) => row.name)).toEqual([`tool:${TAVILY}:TAVILY_API_KEY`]);
    expect(rows[0]?.value).not.toContain(SECRET);
    expect((await storedUser(user.id))?.plugins).toEqual([TAVILY]);

    for (const path of ['/api/agents/tools', '/api/plugins']) {
      const mine = await listed(user, path);
      expect(tavilyOf(mine.tools)).toMatchObject({ authenticated: true });
      // The values are never answered, only whether they are set.
      expect(mine.text).not.toContain(SECRET);
      expect(tavilyOf((await listed(other, path)).tools)).not.toHaveProperty('authenticated');
    }
    const auth = await authOf(user, TAVILY);
    expect(auth).toEqual({ status: 200, body: { authenticated: true, message: 'user_provided' } });
    expect(JSON.stringify(auth.body)).not.toContain(SECRET);
    expect((await authOf(other, TAVILY)).body).toEqual({ authenticated: false, message: 'user_provided' });
    const me = await callAs(user, '/api/user');
    expect(await me.text()).not.toContain(SECRET);
  });

  it('uninstalling deletes every stored value of the tool and takes it off the user’s plugins', async () => {
    const user = await createTestUser();
    await post(user, { pluginKey: 'web_search', action: 'install', auth: { SERPER_API_KEY: 'serper-1' } });
    await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: SECRET } });
    // Switching to the other alternative of an `A||B` field replaces the earlier value.
    await post(user, {
      pluginKey: 'web_search',
      action: 'install',
      auth: { SEARXNG_INSTANCE_URL: 'https://searx.example.org' },
    });
    expect((await storedRows(user.id)).map((row) => row.name)).toEqual([
      `tool:${TAVILY}:TAVILY_API_KEY`,
      'tool:web_search:SEARXNG_INSTANCE_URL',
    ]);
    expect((await storedUser(user.id))?.plugins).toEqual([TAVILY, 'web_search']);

    const res = await post(user, { pluginKey: TAVILY, action: 'uninstall' });
    expect(res.status).toBe(200);
    expect((await storedRows(user.id)).map((row) => row.name)).toEqual(['tool:web_search:SEARXNG_INSTANCE_URL']);
    expect((await storedUser(user.id))?.plugins).toEqual(['web_search']);
    expect((await authOf(user, TAVILY)).body).toEqual({ authenticated: false, message: 'user_provided' });
    expect(tavilyOf((await listed(user, '/api/agents/tools')).tools)).not.toHaveProperty('authenticated');
  });

  it('an agent’s tool (isEntityTool) stores its values without joining the user’s plugins', async () => {
    const user = await createTestUser();
    await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: SECRET }, isEntityTool: true });
    expect((await storedRows(user.id)).map((row) => row.name)).toEqual([`tool:${TAVILY}:TAVILY_API_KEY`]);
    expect((await storedUser(user.id))?.plugins).toEqual([]);
    await post(user, { pluginKey: TAVILY, action: 'uninstall', isEntityTool: true });
    expect(await storedRows(user.id)).toEqual([]);
  });

  it('refuses an unknown tool, a field the tool does not name, and unbounded values, storing nothing', async () => {
    const user = await createTestUser();
    const unknown = await post(user, { pluginKey: 'google', action: 'install', auth: { GOOGLE_API_KEY: 'k' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Tool not found' });
    expect((await post(user, { pluginKey: 'google', action: 'uninstall' })).status).toBe(404);

    const foreign = await post(user, {
      pluginKey: TAVILY,
      action: 'install',
      auth: { TAVILY_API_KEY: SECRET, IMAGE_GEN_OAI_API_KEY: 'sk-x' },
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ message: `${TAVILY} takes only: TAVILY_API_KEY` });
    for (const body of [
      { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: 'x'.repeat(4_097) } },
      { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: '  ' } },
      { pluginKey: TAVILY, action: 'remove' },
      { action: 'install' },
    ])
      expect((await post(user, body)).status).toBe(400);
    // A tool the config does not offer cannot be installed.
    await storeAppConfig('version: 1.2.8\nfilteredTools: [tavily_search_results_json]\n');
    expect((await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: SECRET } })).status).toBe(
      404,
    );
    expect(await storedRows(user.id)).toEqual([]);
    expect((await storedUser(user.id))?.plugins).toEqual([]);
  });

  it('a refused install keeps the values saved before', async () => {
    const user = await createTestUser();
    await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: SECRET } });
    const before = await storedRows(user.id);
    const res = await post(user, { pluginKey: TAVILY, action: 'install', auth: { [SECRET]: 'x' } });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain(SECRET);
    expect(await storedRows(user.id)).toEqual(before);
    // Installing again without values (as for a tool the operator set up) keeps them too.
    expect((await post(user, { pluginKey: TAVILY, action: 'install' })).status).toBe(200);
    expect(await storedRows(user.id)).toEqual(before);
  });

  it('the endpoint keys’ routes neither take nor touch a tool credential', async () => {
    const user = await createTestUser();
    const name = `tool:${TAVILY}:TAVILY_API_KEY`;
    expect((await callAs(user, '/api/keys', 'PUT', { name, value: 'x' })).status).toBe(400);
    await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: SECRET } });
    expect((await callAs(user, `/api/keys?name=${encodeURIComponent(name)}`)).status).toBe(400);
    expect((await callAs(user, `/api/keys/${encodeURIComponent(name)}`, 'DELETE')).status).toBe(400);
    expect((await callAs(user, '/api/keys', 'PUT', { name: 'openAI', value: 'sk-mine' })).status).toBe(201);
    // Revoking every endpoint key leaves the installed tools as they are.
    expect((await callAs(user, '/api/keys?all=true', 'DELETE')).status).toBe(204);
    expect((await storedRows(user.id)).map((row) => row.name)).toEqual([name]);
  });

  it('the operator’s env answers system_defined; without CREDS_KEY nothing is stored', async () => {
    const user = await createTestUser();
    expect((await authOf(user, TAVILY, { ...TEST_CREDS, TAVILY_API_KEY: 'tvly-op' })).body).toEqual({
      authenticated: true,
      message: 'system_defined',
    });
    expect((await authOf(user, 'google')).status).toBe(404);
    const res = await post(user, { pluginKey: TAVILY, action: 'install', auth: { TAVILY_API_KEY: SECRET } }, {});
    expect(res.status).toBe(500);
    expect(await storedRows(user.id)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await callAs(null, '/api/user/plugins', 'POST', { pluginKey: TAVILY, action: 'uninstall' });
    expect(res.status).toBe(401);
  });
});
