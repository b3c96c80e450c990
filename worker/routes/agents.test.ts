import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { agentSchema, duplicateAgentResultSchema } from '../contract/agents';
import { useConfig } from '../services/chat/testing/routes';
import { AGENT_BODY, createAgentAs, messageOf, shareAgent } from '../services/agents/test-helpers';
import { copyName } from '../services/agents/duplicate-agent';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

describe('POST /api/agents', () => {
  it('creates a private agent owned by the caller, whatever the body claims', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const res = await callAs(user, '/api/agents', 'POST', {
      ...AGENT_BODY,
      id: 'agent_chosenByTheClient',
      author: other.id,
      userId: other.id,
      projectIds: ['instance'],
      isCollaborative: true,
      createdAt: '2000-01-01T00:00:00.000Z',
      tools: ['calculator', 'calculator', 'web_search'],
      conversation_starters: ['Hi', '  ', 'What can you do?'],
      recursion_limit: 10,
      model_parameters: { temperature: 0.2 },
    });
    expect(res.status).toBe(201);
    const agent = agentSchema.parse(await res.json());
    expect(agent.id).toMatch(/^agent_[A-Za-z0-9_-]{21}$/);
    expect(agent).toMatchObject({
      author: user.id,
      name: 'Helper',
      instructions: 'Be brief.',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      projectIds: [],
      isCollaborative: false,
      tools: ['calculator', 'web_search'],
      conversation_starters: ['Hi', 'What can you do?'],
      recursion_limit: 10,
      model_parameters: { temperature: 0.2 },
    });
    expect(Date.parse(agent.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
    const row = await env.DB.prepare('SELECT userId, isShared FROM agents WHERE id = ?1').bind(agent.id).first();
    expect(row).toEqual({ userId: user.id, isShared: 0 });
  });

  it.each([
    [{ model: 'm' }, 'provider: provider is required'],
    [{ provider: 'openAI' }, 'model: model is required'],
    [{ provider: '', model: 'm' }, 'provider: provider is required'],
    [{ provider: 'p'.repeat(129), model: 'm' }, 'provider: provider must be at most 128 characters'],
    [{ provider: 'openAI', model: 'm'.repeat(257) }, 'model: model must be at most 256 characters'],
    [{ ...AGENT_BODY, conversation_starters: ['a', 'b', 'c', 'd', 'e'] }, 'at most 4 conversation starters'],
    [{ ...AGENT_BODY, recursion_limit: 0 }, 'recursion_limit'],
    [{ ...AGENT_BODY, recursion_limit: 2.5 }, 'recursion_limit'],
    [{ ...AGENT_BODY, tools: [{ name: 'calculator' }] }, 'tools.0'],
    [{ ...AGENT_BODY, tools: ['has space'] }, 'A tool is named by its key'],
    [{ ...AGENT_BODY, tools: Array.from({ length: 65 }, (_, i) => `t${i}`) }, 'at most 64 tools'],
    [{ ...AGENT_BODY, agent_ids: ['not-an-agent'] }, 'agent_ids.0: Not an agent id'],
    [{ ...AGENT_BODY, artifacts: 'anything' }, 'artifacts'],
    [{ ...AGENT_BODY, model_parameters: { temperature: { nested: true } } }, 'model_parameters'],
    [{ ...AGENT_BODY, name: 'n'.repeat(257) }, 'name: name must be at most 256 characters'],
  ])('refuses %j with 400', async (body, message) => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/agents', 'POST', body);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain(message);
  });

  it("refuses a recursion_limit above the config's maxRecursionLimit (100 when unset)", async () => {
    const user = await createTestUser();
    const over = await callAs(user, '/api/agents', 'POST', { ...AGENT_BODY, recursion_limit: 101 });
    expect(over.status).toBe(400);
    expect(await messageOf(over)).toBe('recursion_limit must be at most 100');
    expect((await callAs(user, '/api/agents', 'POST', { ...AGENT_BODY, recursion_limit: 100 })).status).toBe(201);
    await useConfig('version: 1.2.1\nendpoints:\n  agents:\n    maxRecursionLimit: 200\n');
    expect((await callAs(user, '/api/agents', 'POST', { ...AGENT_BODY, recursion_limit: 150 })).status).toBe(201);
    expect((await callAs(user, '/api/agents', 'POST', { ...AGENT_BODY, recursion_limit: 201 })).status).toBe(400);
  });
});

describe('GET /api/agents/{id}', () => {
  it("shows the author everything, and answers 404 to another user's private agent", async () => {
    const author = await createTestUser();
    const stranger = await createTestUser();
    const agent = await createAgentAs(author);
    const own = await callAs(author, `/api/agents/${agent.id}`);
    expect(own.status).toBe(200);
    expect(agentSchema.parse(await own.json())).toEqual(agent);
    const foreign = await callAs(stranger, `/api/agents/${agent.id}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Agent not found', code: 'not_found' });
    expect((await callAs(author, '/api/agents/agent_doesNotExist')).status).toBe(404);
    expect((await callAs(author, '/api/agents/not-an-agent-id')).status).toBe(404);
  });
});

describe('PATCH /api/agents/{id}', () => {
  it('changes only the fields sent, and null clears an optional one', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user, { description: 'old', recursion_limit: 5 });
    const res = await callAs(user, `/api/agents/${agent.id}`, 'PATCH', {
      description: null,
      name: 'Renamed',
      author: 'someone-else',
      id: 'agent_other',
    });
    expect(res.status).toBe(200);
    const updated = agentSchema.parse(await res.json());
    expect(updated).toMatchObject({ id: agent.id, author: user.id, name: 'Renamed', description: null });
    expect(updated.recursion_limit).toBe(5);
    expect(updated.instructions).toBe('Be brief.');
  });

  it('refuses invalid fields, and a project other than the instance', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    for (const body of [
      { provider: null },
      { conversation_starters: ['1', '2', '3', '4', '5'] },
      { projectIds: ['x'] },
    ]) {
      expect((await callAs(user, `/api/agents/${agent.id}`, 'PATCH', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps isShared in step with projectIds, and unsharing ends collaboration', async () => {
    const admin = await createTestUser({ role: 'ADMIN' });
    const agent = await createAgentAs(admin);
    const shared = await shareAgent(admin, agent.id, true);
    expect(shared).toMatchObject({ projectIds: ['instance'], isCollaborative: true });
    const isShared = async () =>
      (await env.DB.prepare('SELECT isShared FROM agents WHERE id = ?1').bind(agent.id).first<number>('isShared')) ??
      -1;
    expect(await isShared()).toBe(1);
    const res = await callAs(admin, `/api/agents/${agent.id}`, 'PATCH', { removeProjectIds: ['instance'] });
    expect(await res.json()).toMatchObject({ projectIds: [], isCollaborative: false });
    expect(await isShared()).toBe(0);
  });
});

describe('POST /api/agents/{id}/duplicate', () => {
  it("makes a private copy owned by the caller, named with the copy's date", async () => {
    const admin = await createTestUser({ role: 'ADMIN' });
    const agent = await createAgentAs(admin, { tools: ['calculator'], conversation_starters: ['Go'] });
    await shareAgent(admin, agent.id, true);
    const collaborator = await createTestUser();
    const res = await callAs(collaborator, `/api/agents/${agent.id}/duplicate`, 'POST');
    expect(res.status).toBe(201);
    const { agent: copy, actions } = duplicateAgentResultSchema.parse(await res.json());
    expect(actions).toEqual([]);
    expect(copy.id).not.toBe(agent.id);
    expect(copy).toMatchObject({
      author: collaborator.id,
      instructions: 'Be brief.',
      tools: ['calculator'],
      conversation_starters: ['Go'],
      projectIds: [],
      isCollaborative: false,
    });
    expect(copy.name).toMatch(/^Helper \(\d{1,2}\/\d{1,2}\/\d\d, \d\d:\d\d\)$/);
    // The copy is the collaborator's own; the original is unchanged.
    expect((await callAs(collaborator, `/api/agents/${copy.id}`)).status).toBe(200);
    expect(await (await callAs(admin, `/api/agents/${agent.id}`)).json()).toMatchObject({ name: 'Helper' });
  });

  it('names copies as LibreChat does, cutting a long name so the date fits', () => {
    const at = new Date(Date.UTC(2026, 0, 5, 7, 3));
    expect(copyName('Writer', at)).toBe('Writer (1/5/26, 07:03)');
    expect(copyName(null, at)).toBe('(1/5/26, 07:03)');
    const long = copyName('x'.repeat(300), at);
    expect(long).toHaveLength(256);
    expect(long.endsWith(' (1/5/26, 07:03)')).toBe(true);
  });
});

describe('DELETE /api/agents/{id}', () => {
  it('deletes the caller’s own agent, then it is gone', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const res = await callAs(user, `/api/agents/${agent.id}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Agent deleted' });
    expect((await callAs(user, `/api/agents/${agent.id}`)).status).toBe(404);
    expect((await callAs(user, `/api/agents/${agent.id}`, 'DELETE')).status).toBe(404);
  });
});
