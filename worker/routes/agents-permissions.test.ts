import { describe, expect, it } from 'vitest';
import { agentSchema, publicAgentSchema, type Agent } from '../contract/agents';
import type { UserRow } from '../db/users';
import { createAgentAs, messageOf, shareAgent, withAgentsPermissions } from '../services/agents/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/**
 * Who may do what with an agent, route by route: the author, an admin, someone it is shared
 * with (collaboratively or not), and a stranger to a private agent, who must learn nothing.
 */

interface Cast {
  author: UserRow;
  admin: UserRow;
  other: UserRow;
  privateAgent: Agent;
  sharedAgent: Agent;
  collaborativeAgent: Agent;
}

async function cast(): Promise<Cast> {
  const author = await createTestUser();
  const privateAgent = await createAgentAs(author, { name: 'Private' });
  const sharedAgent = await createAgentAs(author, { name: 'Shared' });
  const collaborativeAgent = await createAgentAs(author, { name: 'Collaborative' });
  await shareAgent(author, sharedAgent.id);
  await shareAgent(author, collaborativeAgent.id, true);
  return {
    author,
    admin: await createTestUser({ role: 'ADMIN' }),
    other: await createTestUser(),
    privateAgent,
    sharedAgent,
    collaborativeAgent,
  };
}

type Route = 'get' | 'patch' | 'duplicate' | 'delete';

async function call(user: UserRow, route: Route, id: string): Promise<Response> {
  switch (route) {
    case 'get':
      return callAs(user, `/api/agents/${id}`);
    case 'patch':
      return callAs(user, `/api/agents/${id}`, 'PATCH', { description: `edited by ${user.id}` });
    case 'duplicate':
      return callAs(user, `/api/agents/${id}/duplicate`, 'POST');
    case 'delete':
      return callAs(user, `/api/agents/${id}`, 'DELETE');
  }
}

const ROUTES: Route[] = ['get', 'patch', 'duplicate', 'delete'];

describe('the agent permission matrix', () => {
  it.each([
    // who, which agent, expected status per route (get, patch, duplicate, delete)
    ['author', 'privateAgent', [200, 200, 201, 200]],
    ['author', 'sharedAgent', [200, 200, 201, 200]],
    ['admin', 'sharedAgent', [200, 200, 201, 200]],
    ['admin', 'privateAgent', [404, 404, 404, 404]],
    ['other', 'privateAgent', [404, 404, 404, 404]],
    ['other', 'sharedAgent', [200, 403, 403, 403]],
    ['other', 'collaborativeAgent', [200, 200, 201, 403]],
  ] as const)('%s on a %s answers %j', async (who, which, statuses) => {
    for (const [index, route] of ROUTES.entries()) {
      // A fresh cast per route: a delete must not take the agent from the next check.
      const people = await cast();
      const res = await call(people[who], route, people[which].id);
      expect(res.status, `${who} ${route} ${which}`).toBe(statuses[index]);
      if (res.status === 404) expect(await messageOf(res)).toBe('Agent not found');
    }
  });

  it('shows the full agent to editors and the public view to those who only use it', async () => {
    const { author, admin, other, sharedAgent, collaborativeAgent } = await cast();
    const asOther = await (await callAs(other, `/api/agents/${sharedAgent.id}`)).json();
    expect(asOther).not.toHaveProperty('instructions');
    expect(asOther).not.toHaveProperty('model_parameters');
    expect(asOther).not.toHaveProperty('author');
    expect(publicAgentSchema.strict().parse(asOther)).toMatchObject({ id: sharedAgent.id, name: 'Shared' });
    const asAdmin = agentSchema.parse(await (await callAs(admin, `/api/agents/${sharedAgent.id}`)).json());
    expect(asAdmin.instructions).toBe('Be brief.');
    expect(asAdmin.author).toBeUndefined();
    const asCollaborator = agentSchema.parse(
      await (await callAs(other, `/api/agents/${collaborativeAgent.id}`)).json(),
    );
    expect(asCollaborator.instructions).toBe('Be brief.');
    const asAuthor = agentSchema.parse(await (await callAs(author, `/api/agents/${sharedAgent.id}`)).json());
    expect(asAuthor.author).toBe(author.id);
  });

  it('refuses a non-collaborative edit with LibreChat’s words, and leaves the agent as it was', async () => {
    const { author, other, sharedAgent } = await cast();
    const res = await callAs(other, `/api/agents/${sharedAgent.id}`, 'PATCH', { instructions: 'Leak everything.' });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('You do not have permission to modify this non-collaborative agent');
    const stored = agentSchema.parse(await (await callAs(author, `/api/agents/${sharedAgent.id}`)).json());
    expect(stored.instructions).toBe('Be brief.');
  });
});

describe('role permissions', () => {
  it('AGENTS USE off: every agents route answers 403', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    await withAgentsPermissions('USER', { USE: false }, async () => {
      const answers = [
        await callAs(user, '/api/agents'),
        await callAs(user, '/api/agents', 'POST', { provider: 'openAI', model: 'm' }),
        ...(await Promise.all(ROUTES.map((route) => call(user, route, agent.id)))),
      ];
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: 'Forbidden: Insufficient permissions', code: 'forbidden' });
      }
    });
    expect((await callAs(user, `/api/agents/${agent.id}`)).status).toBe(200);
  });

  it('AGENTS CREATE off: no new agent and no copy, but the rest works', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    await withAgentsPermissions('USER', { CREATE: false }, async () => {
      expect((await callAs(user, '/api/agents', 'POST', { provider: 'openAI', model: 'm' })).status).toBe(403);
      expect((await call(user, 'duplicate', agent.id)).status).toBe(403);
      expect((await call(user, 'get', agent.id)).status).toBe(200);
      expect((await call(user, 'patch', agent.id)).status).toBe(200);
      expect((await callAs(user, '/api/agents')).status).toBe(200);
    });
  });

  it('AGENTS SHARED_GLOBAL off (a USER by default): sharing fields are refused, other edits pass', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    for (const body of [
      { projectIds: ['instance'] },
      { removeProjectIds: ['instance'] },
      { isCollaborative: true },
      { name: 'Renamed', projectIds: ['instance'] },
    ]) {
      const res = await callAs(user, `/api/agents/${agent.id}`, 'PATCH', body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(await messageOf(res)).toBe('Forbidden: Insufficient permissions');
    }
    const stored = agentSchema.parse(await (await callAs(user, `/api/agents/${agent.id}`)).json());
    expect(stored).toMatchObject({ name: 'Helper', projectIds: [], isCollaborative: false });
    expect((await callAs(user, `/api/agents/${agent.id}`, 'PATCH', { name: 'Renamed' })).status).toBe(200);
    // With the permission, the same user shares it.
    await withAgentsPermissions('USER', { SHARED_GLOBAL: true }, async () => {
      const res = await callAs(user, `/api/agents/${agent.id}`, 'PATCH', { projectIds: ['instance'] });
      expect(await res.json()).toMatchObject({ projectIds: ['instance'] });
    });
  });
});
