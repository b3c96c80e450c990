import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { agentSchema, type Agent } from '../../contract/agents';
import type { PermissionName } from '../../contract/auth';
import type { UserRow } from '../../db/users';
import { callAs } from '../../test/two-factor-helpers';
import { loadRolePermissions, updateRolePermissions } from '../roles/permissions';

/* Helpers of the /api/agents tests: calls as a user, and role switches undone afterwards. */

export const AGENT_BODY = { name: 'Helper', provider: 'openAI', model: 'gpt-4o-mini', instructions: 'Be brief.' };

export async function createAgentAs(user: UserRow, body: Record<string, unknown> = {}): Promise<Agent> {
  const res = await callAs(user, '/api/agents', 'POST', { ...AGENT_BODY, ...body });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return agentSchema.parse(await res.json());
}

/** Shares the agent with the instance as its author, SHARED_GLOBAL granted for the call. */
export async function shareAgent(author: UserRow, id: string, isCollaborative = false): Promise<Agent> {
  let res: Response | undefined;
  await withAgentsPermissions(author.role, { SHARED_GLOBAL: true }, async () => {
    res = await callAs(author, `/api/agents/${id}`, 'PATCH', { projectIds: ['instance'], isCollaborative });
  });
  if (res?.status !== 200) throw new Error(`share answered ${res?.status}: ${await res?.text()}`);
  return agentSchema.parse(await res.json());
}

export async function messageOf(res: Response): Promise<string> {
  return (await res.json<{ message: string }>()).message;
}

/** Runs `body` with the role's AGENTS flags changed, then puts them back. */
export async function withAgentsPermissions(
  role: 'USER' | 'ADMIN',
  flags: Partial<Record<PermissionName, boolean>>,
  body: () => Promise<void>,
): Promise<void> {
  const before = (await loadRolePermissions(env, role)).AGENTS ?? {};
  await updateRolePermissions(env, role, 'AGENTS', flags);
  try {
    await body();
  } finally {
    await updateRolePermissions(env, role, 'AGENTS', before);
  }
  expect((await loadRolePermissions(env, role)).AGENTS).toEqual(before);
}
