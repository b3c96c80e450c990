import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { PermissionName } from '../../contract/auth';
import type { CreatePromptBody, CreatePromptResult, Prompt, PromptGroup } from '../../contract/prompts';
import type { UserRow } from '../../db/users';
import { callAs } from '../../test/two-factor-helpers';
import { loadRolePermissions, updateRolePermissions } from '../roles/permissions';

/* Helpers of the /api/prompts tests: calls as a user, and role switches undone afterwards. */

export interface CreatedGroup {
  group: PromptGroup;
  prompt: Prompt;
}

/** A new group (with its first version) as `user`. */
export async function createGroupAs(
  user: UserRow,
  group: Partial<NonNullable<CreatePromptBody['group']>> = {},
  text = 'Summarise {{topic}} in three lines.',
): Promise<CreatedGroup> {
  const body: CreatePromptBody = {
    prompt: { prompt: text, type: 'text' },
    group: { name: 'Summary', category: 'write', ...group },
  };
  const res = await callAs(user, '/api/prompts', 'POST', body);
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  const created = await res.json<CreatePromptResult>();
  if (!created.group) throw new Error('create answered no group');
  return { group: created.group, prompt: created.prompt };
}

/** A new version of the group as `user`. */
export async function addVersionAs(user: UserRow, groupId: string, text: string): Promise<Response> {
  const body: CreatePromptBody = { prompt: { prompt: text, type: 'text', groupId } };
  return callAs(user, '/api/prompts', 'POST', body);
}

/** Shares the group with the instance as `user`, SHARED_GLOBAL granted for the call. */
export async function shareGroup(user: UserRow, groupId: string): Promise<PromptGroup> {
  let res: Response | undefined;
  await withPromptsPermissions(user.role === 'ADMIN' ? 'ADMIN' : 'USER', { SHARED_GLOBAL: true }, async () => {
    res = await callAs(user, `/api/prompts/groups/${groupId}`, 'PATCH', { projectIds: ['instance'] });
  });
  if (res?.status !== 200) throw new Error(`share answered ${res?.status}: ${await res?.text()}`);
  return res.json<PromptGroup>();
}

/** The rows of the group and its versions, to show that a refused call changed nothing. */
export async function groupSnapshot(groupId: string): Promise<unknown> {
  const group = await env.DB.prepare('SELECT * FROM prompt_groups WHERE id = ?1').bind(groupId).first();
  const versions = await env.DB.prepare('SELECT * FROM prompts WHERE groupId = ?1 ORDER BY rowid').bind(groupId).all();
  return { group, versions: versions.results };
}

/** Runs `body` with the role's PROMPTS flags changed, then puts them back. */
export async function withPromptsPermissions(
  role: 'USER' | 'ADMIN',
  flags: Partial<Record<PermissionName, boolean>>,
  body: () => Promise<void>,
): Promise<void> {
  const before = (await loadRolePermissions(env, role)).PROMPTS ?? {};
  await updateRolePermissions(env, role, 'PROMPTS', flags);
  try {
    await body();
  } finally {
    await updateRolePermissions(env, role, 'PROMPTS', before);
  }
  expect((await loadRolePermissions(env, role)).PROMPTS).toEqual(before);
}
