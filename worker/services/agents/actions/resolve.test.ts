import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createToolRuntime, runTool } from '../../../agent-tools';
import type { NetworkPolicy, ToolSpec } from '../../../agent-tools/types';
import { petsHandler } from '../../../test/mock-tools/action-handler';
import { handlerFetch } from '../../../test/mock-tools/handler-fetch';
import { createTestUser } from '../../../test/auth-helpers';
import { TEST_CREDS } from '../../../test/two-factor-helpers';
import { createAgentAs } from '../test-helpers';
import { resolveActionTools } from './resolve';
import { actionBody, petsSpecAt, saveActionAs, testRun } from './test-helpers';

/** The pets API on loopback: reachable only because the policy names this exact host and port. */
const MOCK_ORIGIN = 'http://127.0.0.1:8787';
const MOCK_DOMAIN = '127.0.0.1';
const KEY = (name: string) => `${name}_action_127---0---0---1`;
const PRIVATE_POLICY: NetworkPolicy = { allowedDomains: null, privateHosts: ['127.0.0.1:8787'], dnsResolver: null };

/** D1 that counts the statements it is given. */
function countingD1(): { d1: D1Database; statements: () => number } {
  let count = 0;
  const d1 = new Proxy(env.DB, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'prepare') count += 1;
        return (value as (...inner: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { d1, statements: () => count };
}

async function agentWithAction(metadata: Record<string, unknown>) {
  const user = await createTestUser();
  const agent = await createAgentAs(user);
  const saved = await saveActionAs(
    user,
    agent.id,
    actionBody({ domain: MOCK_DOMAIN, raw_spec: petsSpecAt(MOCK_ORIGIN), ...metadata }),
  );
  return { user, agentId: agent.id, tools: saved.agent.tools, actionId: saved.action.action_id };
}

async function call(spec: ToolSpec, args: Record<string, unknown>, network: NetworkPolicy, pets = petsHandler()) {
  const net = handlerFetch({ [MOCK_ORIGIN]: pets });
  const signal = new AbortController().signal;
  const runtime = createToolRuntime({
    network,
    outbound: { fetch: net.fetch, resolve: async () => [] },
    mcpServers: [],
    signal,
  });
  const result = await runTool(spec, args, { signal, userId: 'u', conversationId: 'c', network }, runtime);
  return { result, requests: net.requests, seen: net.seen };
}

describe('resolveActionTools', () => {
  it('turns the agent’s action keys into runnable specs with one read of its actions', async () => {
    const { agentId, tools, actionId } = await agentWithAction({});
    const { d1, statements } = countingD1();
    const specs = await resolveActionTools(
      TEST_CREDS,
      d1,
      agentId,
      ['calculator', KEY('showPet'), KEY('listPets')],
      testRun(),
    );
    expect(statements()).toBe(1);
    expect(specs.map((spec) => spec.key)).toEqual([KEY('showPet'), KEY('listPets')]);
    expect(tools).toContain(KEY('showPet'));
    expect(specs[0]).toMatchObject({
      timeoutMs: 30_000,
      exec: { kind: 'action', actionId, auth: { type: 'none' }, operation: { name: 'showPet', method: 'get' } },
    });
    const { result, requests } = await call(specs[0]!, { petId: 'rex' }, PRIVATE_POLICY);
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.output)).toMatchObject({ id: 'rex' });
    expect(requests).toEqual([`GET ${MOCK_ORIGIN}/v1/pets/rex`]);
  });

  it('reads nothing when no key is an action’s', async () => {
    const { d1, statements } = countingD1();
    expect(await resolveActionTools(TEST_CREDS, d1, 'agent_none', ['calculator', 'search_mcp_web'], testRun())).toEqual(
      [],
    );
    expect(statements()).toBe(0);
  });

  it('loopback stays refused without the private-host policy', async () => {
    const { agentId } = await agentWithAction({});
    const [spec] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [KEY('listPets')], testRun());
    const open: NetworkPolicy = { ...PRIVATE_POLICY, privateHosts: [] };
    const { result, requests } = await call(spec!, {}, open);
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/Request refused: 127\.0\.0\.1 is/);
    expect(requests).toEqual([]);
  });

  it.each([
    ['bearer', {}, 'Authorization', `Bearer sk-pets`],
    ['basic', {}, 'Authorization', `Basic sk-pets`],
    ['custom', { custom_auth_header: 'X-Api-Key' }, 'X-Api-Key', 'sk-pets'],
  ])('sends the sealed %s key, opened for the run', async (type, extra, header, value) => {
    const auth = { type: 'service_http', authorization_type: type, ...extra };
    const { agentId } = await agentWithAction({ auth, api_key: 'sk-pets' });
    const [spec] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [KEY('listPets')], testRun());
    const { result } = await call(spec!, { limit: 2 }, PRIVATE_POLICY, petsHandler({ credential: { header, value } }));
    expect(result).toMatchObject({ isError: false });
    expect(JSON.parse(result.output)).toMatchObject({ limit: '2' });
  });

  it('a key that does not open (another CREDS_KEY) leaves the action without its key', async () => {
    const auth = { type: 'service_http', authorization_type: 'bearer' };
    const { agentId } = await agentWithAction({ auth, api_key: 'sk-pets' });
    const [spec] = await resolveActionTools(
      { CREDS_KEY: 'f'.repeat(64) },
      env.DB,
      agentId,
      [KEY('listPets')],
      testRun(),
    );
    expect(spec?.exec).toMatchObject({ auth: { type: 'unavailable', reason: 'The action needs an API key' } });
  });
});
