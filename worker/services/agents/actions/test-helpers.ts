import type { OAuthRunContext } from './oauth-auth';
import type { UserRow } from '../../../db/users';
import { PETS_DOMAIN, petsDocument } from '../../../test/mock-tools/pets-openapi';
import { callAs } from '../../../test/two-factor-helpers';

/* Helpers of the agent-action tests: an action saved through the route, as the builder saves one. */

/** The pets document with its server moved to `origin` (a loopback mock, another domain). */
export function petsSpecAt(origin: string): string {
  return JSON.stringify({ ...petsDocument(), servers: [{ url: `${origin}/v1` }] });
}

export function actionBody(metadata: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    functions: [{ type: 'function', function: { name: 'listPets', description: 'ignored', parameters: {} } }],
    metadata: { domain: PETS_DOMAIN, raw_spec: JSON.stringify(petsDocument()), ...metadata },
    ...extra,
  };
}

export interface SavedAction {
  agent: { id: string; tools: string[] };
  action: { action_id: string; agent_id: string; metadata: Record<string, unknown> };
}

/** Saves an action on the agent as `user`; throws unless the route answers 200. */
export async function saveActionAs(
  user: UserRow,
  agentId: string,
  body: Record<string, unknown> = actionBody(),
): Promise<SavedAction> {
  const res = await callAs(user, `/api/agents/actions/${agentId}`, 'POST', body);
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  const [agent, action] = await res.json<[SavedAction['agent'], SavedAction['action']]>();
  return { agent, action };
}

/** A run's OAuth context for resolving actions in tests; its network reaches nothing unless given a fetch. */
export function testRun(userId = 'user_test', overrides: Partial<OAuthRunContext> = {}): OAuthRunContext {
  return {
    userId,
    serverOrigin: 'https://chat.example.com',
    network: { allowedDomains: null, privateHosts: [], dnsResolver: null },
    outbound: {
      fetch: () => Promise.reject(new TypeError('no network in this test')),
      resolve: async () => [],
    },
    ...overrides,
  };
}
