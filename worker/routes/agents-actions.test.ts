import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { listAgentActions } from '../db/actions';
import { createAgentAs, messageOf, shareAgent } from '../services/agents/test-helpers';
import { resolveActionTools } from '../services/agents/actions/resolve';
import { actionBody, petsSpecAt, saveActionAs, testRun } from '../services/agents/actions/test-helpers';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { createTestUser } from '../test/auth-helpers';
import { callAs, TEST_CREDS } from '../test/two-factor-helpers';

/** `pets.example.com` is longer than 10 characters: LibreChat keys it by the start of its base64. */
const PETS_KEY = 'cGV0cy5leG';
const SECRET = 'sk-very-secret-key-0042';

afterEach(clearAppConfig);

describe('POST /api/agents/actions/{agent_id}', () => {
  it('derives the tools from the document itself and answers [agent, action]', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user, { tools: ['calculator'] });
    // The client's list of functions names one operation; the document has four.
    const { agent: updated, action } = await saveActionAs(user, agent.id);
    expect(updated.tools).toEqual([
      'calculator',
      `listPets_action_${PETS_KEY}`,
      `createPet_action_${PETS_KEY}`,
      `showPet_action_${PETS_KEY}`,
      `delete_pets_petId_action_${PETS_KEY}`,
    ]);
    expect(action).toMatchObject({ agent_id: agent.id, type: 'action_prototype', user: user.id });
    expect(action.action_id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(action.metadata).toMatchObject({ domain: 'pets.example.com' });
  });

  it('answers each of LibreChat’s refusals in its words', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const post = (body: Record<string, unknown>) => callAs(user, `/api/agents/actions/${agent.id}`, 'POST', body);
    for (const [body, message] of [
      [actionBody({}, { functions: [] }), 'No functions provided'],
      [actionBody({ raw_spec: '' }), 'No functions provided'],
      [actionBody({ domain: '' }), 'No domain provided'],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    await storeAppConfig('version: 1.2.8\nactions:\n  allowedDomains: ["api.example.org"]\n');
    const res = await post(actionBody());
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Domain not allowed');
    expect((await listAgentActions(env.DB, agent.id)).length).toBe(0);
  });

  it('lists every problem of the document, a server off the action’s domain among them', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const spec = JSON.parse(petsSpecAt('https://elsewhere.example.net')) as Record<string, unknown>;
    (spec.paths as Record<string, unknown>)['/trace'] = { trace: { operationId: 'traceIt' } };
    const res = await callAs(
      user,
      `/api/agents/actions/${agent.id}`,
      'POST',
      actionBody({ raw_spec: JSON.stringify(spec) }),
    );
    expect(res.status).toBe(400);
    const body = await res.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.message).toMatch(/^The OpenAPI document has problems: /);
    expect(body.errors.map((error) => error.message)).toEqual(
      expect.arrayContaining([
        'Unsupported HTTP method: TRACE /trace',
        expect.stringContaining("must match the action's domain (pets.example.com)"),
      ]),
    );
    const stored = await callAs(user, `/api/agents/${agent.id}`);
    expect((await stored.json<{ tools: string[] }>()).tools).toEqual([]);
  });

  it('seals the API key: no answer carries it, and the stored row holds it only sealed', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const auth = { type: 'service_http', authorization_type: 'bearer' };
    const res = await callAs(
      user,
      `/api/agents/actions/${agent.id}`,
      'POST',
      actionBody({ auth, api_key: SECRET, oauth_client_secret: 'unused' }),
    );
    expect(res.status).toBe(200);
    const answers = [await res.text(), await (await callAs(user, '/api/agents/actions')).text()];
    const admin = await createTestUser({ role: 'ADMIN' });
    answers.push(await (await callAs(admin, '/api/agents/actions')).text());
    for (const text of answers) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('api_key');
    }
    const [row] = await listAgentActions(env.DB, agent.id);
    const stored = JSON.stringify(row?.metadata);
    expect(stored).not.toContain(SECRET);
    expect(row?.metadata).toMatchObject({ api_key: expect.stringMatching(/^v1\./), auth });
    // A bearer action uses no OAuth secret: none is kept.
    expect(row?.metadata).not.toHaveProperty('oauth_client_secret');
  });

  it('updates an action in place: the old domain’s tools go, a secret not sent again stays', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const auth = { type: 'service_http', authorization_type: 'bearer' };
    const first = await saveActionAs(user, agent.id, actionBody({ auth, api_key: SECRET }));
    const sealed = (await listAgentActions(env.DB, agent.id))[0]?.metadata.api_key;
    const moved = await saveActionAs(
      user,
      agent.id,
      actionBody({ domain: 'a.io', raw_spec: petsSpecAt('https://a.io'), auth }, { action_id: first.action.action_id }),
    );
    expect(moved.action.action_id).toBe(first.action.action_id);
    expect(moved.agent.tools).toEqual([
      'listPets_action_a---io',
      'createPet_action_a---io',
      'showPet_action_a---io',
      'delete_pets_petId_action_a---io',
    ]);
    const rows = await listAgentActions(env.DB, agent.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.metadata.api_key).toBe(sealed);
  });

  it('refuses an action id of another agent', async () => {
    const user = await createTestUser();
    const [one, two] = [await createAgentAs(user), await createAgentAs(user)];
    const saved = await saveActionAs(user, one.id);
    const res = await callAs(
      user,
      `/api/agents/actions/${two.id}`,
      'POST',
      actionBody({}, { action_id: saved.action.action_id }),
    );
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Action not found');
  });
});

describe('who may change an agent’s actions', () => {
  it('another user’s private agent is not found; a shared one they only use is forbidden', async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const privateAgent = await createAgentAs(author);
    const sharedAgent = await createAgentAs(author);
    await shareAgent(author, sharedAgent.id);
    const saved = await saveActionAs(author, sharedAgent.id);
    const hidden = await saveActionAs(author, privateAgent.id);

    let res = await callAs(other, `/api/agents/actions/${privateAgent.id}`, 'POST', actionBody());
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Agent not found for adding action');
    res = await callAs(other, `/api/agents/actions/${privateAgent.id}/${hidden.action.action_id}`, 'DELETE');
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Agent not found for deleting action');

    res = await callAs(other, `/api/agents/actions/${sharedAgent.id}`, 'POST', actionBody());
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('You do not have permission to modify this non-collaborative agent');
    res = await callAs(other, `/api/agents/actions/${sharedAgent.id}/${saved.action.action_id}`, 'DELETE');
    expect(res.status).toBe(403);
    expect(await listAgentActions(env.DB, sharedAgent.id)).toHaveLength(1);
    // The list is the caller's own actions.
    expect(await (await callAs(other, '/api/agents/actions')).json()).toEqual([]);
  });

  it('a collaborator edits a collaborative agent’s actions', async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const agent = await createAgentAs(author);
    await shareAgent(author, agent.id, true);
    const saved = await saveActionAs(other, agent.id);
    expect(saved.action.agent_id).toBe(agent.id);
  });
});

describe('DELETE /api/agents/actions/{agent_id}/{action_id}', () => {
  it('removes the action and its tools, and keeps the other tools', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user, { tools: ['calculator'] });
    const saved = await saveActionAs(user, agent.id);
    const res = await callAs(user, `/api/agents/actions/${agent.id}/${saved.action.action_id}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Action deleted successfully' });
    expect((await (await callAs(user, `/api/agents/${agent.id}`)).json<{ tools: string[] }>()).tools).toEqual([
      'calculator',
    ]);
    expect(await listAgentActions(env.DB, agent.id)).toEqual([]);
    const again = await callAs(user, `/api/agents/actions/${agent.id}/${saved.action.action_id}`, 'DELETE');
    expect(again.status).toBe(404);
    expect(await messageOf(again)).toBe('Action not found');
  });
});

describe('actions follow their agent', () => {
  const auth = { type: 'service_http', authorization_type: 'bearer' };

  it('a copy by the author gets the actions under new ids, keys included', async () => {
    const author = await createTestUser();
    const agent = await createAgentAs(author);
    const saved = await saveActionAs(author, agent.id, actionBody({ auth, api_key: SECRET }));
    const res = await callAs(author, `/api/agents/${agent.id}/duplicate`, 'POST');
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    const { agent: copy, actions } = JSON.parse(text) as {
      agent: { id: string; tools: string[] };
      actions: { action_id: string; agent_id: string }[];
    };
    expect(copy.tools).toEqual(saved.agent.tools);
    expect(actions).toHaveLength(1);
    expect(actions[0]?.agent_id).toBe(copy.id);
    expect(actions[0]?.action_id).not.toBe(saved.action.action_id);
    const [spec] = await resolveActionTools(TEST_CREDS, env.DB, copy.id, [`listPets_action_${PETS_KEY}`], testRun());
    expect(spec?.exec).toMatchObject({ auth: { type: 'bearer', apiKey: SECRET } });
  });

  it('a copy by a collaborator keeps the auth settings but not the key', async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const agent = await createAgentAs(author);
    await shareAgent(author, agent.id, true);
    await saveActionAs(author, agent.id, actionBody({ auth, api_key: SECRET }));
    const res = await callAs(other, `/api/agents/${agent.id}/duplicate`, 'POST');
    expect(res.status).toBe(201);
    const { agent: copy } = await res.json<{ agent: { id: string } }>();
    const [row] = await listAgentActions(env.DB, copy.id);
    expect(row).toMatchObject({ userId: other.id, metadata: { auth } });
    expect(row?.metadata).not.toHaveProperty('api_key');
  });

  it('deleting the agent deletes its actions', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    await saveActionAs(user, agent.id);
    expect((await callAs(user, `/api/agents/${agent.id}`, 'DELETE')).status).toBe(200);
    expect(await listAgentActions(env.DB, agent.id)).toEqual([]);
    expect(await (await callAs(user, '/api/agents/actions')).json()).toEqual([]);
  });
});
