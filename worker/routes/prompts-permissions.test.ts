import { describe, expect, it } from 'vitest';
import type { Prompt, PromptGroup, UpdatePromptGroupBody, UpdatePromptLabelsBody } from '../contract/prompts';
import type { UserRow } from '../db/users';
import {
  addVersionAs,
  createGroupAs,
  groupSnapshot,
  shareGroup,
  withPromptsPermissions,
  type CreatedGroup,
} from '../services/prompts/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/**
 * Who may do what with a prompt group, call by call: the author, an admin, someone it is shared
 * with, and a stranger to a private group, who must learn nothing and change nothing.
 */

const CALLS = [
  'versions',
  'group',
  'version',
  'rename',
  'add version',
  'production',
  'labels',
  'delete version',
  'delete group',
] as const;
type Call = (typeof CALLS)[number];

function call(user: UserRow, name: Call, { group, prompt }: CreatedGroup): Promise<Response> {
  const g = group._id;
  const rename: UpdatePromptGroupBody = { name: `renamed by ${user.id}` };
  const labels: UpdatePromptLabelsBody = { labels: ['x'] };
  switch (name) {
    case 'versions':
      return callAs(user, `/api/prompts?groupId=${g}`);
    case 'group':
      return callAs(user, `/api/prompts/groups/${g}`);
    case 'version':
      return callAs(user, `/api/prompts/${prompt._id}`);
    case 'rename':
      return callAs(user, `/api/prompts/groups/${g}`, 'PATCH', rename);
    case 'add version':
      return addVersionAs(user, g, `written by ${user.id}`);
    case 'production':
      return callAs(user, `/api/prompts/${prompt._id}/tags/production`, 'PATCH');
    case 'labels':
      return callAs(user, `/api/prompts/${prompt._id}/labels`, 'PATCH', labels);
    case 'delete version':
      return callAs(user, `/api/prompts/${prompt._id}?groupId=${g}`, 'DELETE');
    case 'delete group':
      return callAs(user, `/api/prompts/groups/${g}`, 'DELETE');
  }
}

async function cast() {
  const author = await createTestUser();
  const privateGroup = await createGroupAs(author, { name: 'Private' });
  const sharedGroup = await createGroupAs(author, { name: 'Shared' });
  await shareGroup(author, sharedGroup.group._id);
  return {
    author,
    admin: await createTestUser({ role: 'ADMIN' }),
    other: await createTestUser(),
    privateGroup,
    sharedGroup,
  };
}

const OK = 200;
describe('the prompt permission matrix', () => {
  it.each([
    // who, which group, expected status per call, in the order of CALLS
    ['author', 'privateGroup', [OK, OK, OK, OK, OK, OK, OK, OK, OK]],
    ['author', 'sharedGroup', [OK, OK, OK, OK, OK, OK, OK, OK, OK]],
    ['admin', 'sharedGroup', [OK, OK, OK, OK, OK, OK, OK, OK, OK]],
    ['admin', 'privateGroup', [404, 404, 404, 404, 404, 404, 404, 404, 404]],
    ['other', 'privateGroup', [404, 404, 404, 404, 404, 404, 404, 404, 404]],
    ['other', 'sharedGroup', [OK, OK, OK, 403, 403, 403, 403, 403, 403]],
  ] as const)('%s on the %s answers %j', async (who, which, statuses) => {
    for (const [index, name] of CALLS.entries()) {
      // A fresh cast per call: a delete must not take the group from the next check.
      const people = await cast();
      const target = people[which];
      const before = await groupSnapshot(target.group._id);
      const res = await call(people[who], name, target);
      expect(res.status, `${who} ${name} ${which}`).toBe(statuses[index]);
      if (res.status >= 400) {
        const body = await res.json<{ message: string }>();
        expect(body.message).toMatch(/^(Prompt group not found|Prompt not found|Only the author or an admin)/);
        // Refused: not a row of the group or its versions changed, and nothing of it was told.
        expect(await groupSnapshot(target.group._id)).toEqual(before);
        expect(JSON.stringify(body)).not.toContain(target.prompt.prompt);
      }
    }
  });

  it('shows those a group is shared with its production version only, not the author’s drafts', async () => {
    const { author, other, sharedGroup } = await cast();
    const draft = (await (await addVersionAs(author, sharedGroup.group._id, 'a draft')).json<{ prompt: Prompt }>())
      .prompt;
    const seen = await (await callAs(other, `/api/prompts?groupId=${sharedGroup.group._id}`)).json<Prompt[]>();
    expect(seen.map((version) => version._id)).toEqual([sharedGroup.prompt._id]);
    expect((await callAs(other, `/api/prompts/${draft._id}`)).status).toBe(404);
    const asAuthor = await (await callAs(author, `/api/prompts?groupId=${sharedGroup.group._id}`)).json<Prompt[]>();
    expect(asAuthor.map((version) => version._id)).toEqual([draft._id, sharedGroup.prompt._id]);
  });
});

describe('role permissions', () => {
  it('without PROMPTS USE every call is refused, for that role only', async () => {
    const user = await createTestUser();
    const admin = await createTestUser({ role: 'ADMIN' });
    const target = await createGroupAs(user);
    const before = await groupSnapshot(target.group._id);
    await withPromptsPermissions('USER', { USE: false }, async () => {
      const lists = ['/api/prompts/all', '/api/prompts/groups', '/api/prompts/random'];
      for (const path of lists) expect((await callAs(user, path)).status, path).toBe(403);
      const create = await callAs(user, '/api/prompts', 'POST', { prompt: { prompt: 'x' }, group: { name: 'n' } });
      expect(create.status).toBe(403);
      expect(await create.json()).toEqual({ message: 'Forbidden: Insufficient permissions', code: 'forbidden' });
      for (const name of CALLS) expect((await call(user, name, target)).status, name).toBe(403);
      expect((await callAs(admin, '/api/prompts/all')).status).toBe(200);
    });
    expect(await groupSnapshot(target.group._id)).toEqual(before);
  });

  it('CREATE gates a new group, not a new version of one’s own', async () => {
    const user = await createTestUser();
    const own = await createGroupAs(user, {}, 'first');
    await withPromptsPermissions('USER', { CREATE: false }, async () => {
      const res = await callAs(user, '/api/prompts', 'POST', { prompt: { prompt: 'x' }, group: { name: 'New' } });
      expect(res.status).toBe(403);
      expect((await addVersionAs(user, own.group._id, 'second')).status).toBe(200);
    });
  });

  it('SHARED_GLOBAL gates sharing and unsharing; the instance is the only project', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const { group } = await createGroupAs(user);
    const before = await groupSnapshot(group._id);
    // Users may not share by default.
    const refused = await callAs(user, `/api/prompts/groups/${group._id}`, 'PATCH', { projectIds: ['instance'] });
    expect(refused.status).toBe(403);
    expect(await groupSnapshot(group._id)).toEqual(before);

    const shared = await shareGroup(user, group._id);
    expect(shared.projectIds).toEqual(['instance']);
    expect((await callAs(other, `/api/prompts/groups/${group._id}`)).status).toBe(200);

    await withPromptsPermissions('USER', { SHARED_GLOBAL: true }, async () => {
      const foreign = await callAs(user, `/api/prompts/groups/${group._id}`, 'PATCH', { projectIds: ['elsewhere'] });
      expect(foreign.status).toBe(400);
      const path = `/api/prompts/groups/${group._id}`;
      const unshared = await callAs(user, path, 'PATCH', { removeProjectIds: ['instance'] });
      expect((await unshared.json<PromptGroup>()).projectIds).toEqual([]);
    });
    expect((await callAs(other, `/api/prompts/groups/${group._id}`)).status).toBe(404);
  });
});

describe('PATCH /api/prompts/groups/{id}', () => {
  it('renames, recategorises and describes, normalising the command', async () => {
    const user = await createTestUser();
    const { group } = await createGroupAs(user, { command: 'old' });
    const path = `/api/prompts/groups/${group._id}`;
    const res = await callAs(user, path, 'PATCH', {
      name: ' New name ',
      category: 'code',
      oneliner: 'One line',
      command: 'Do It Now!',
      author: 'someone-else',
      productionId: 'x',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'New name',
      category: 'code',
      oneliner: 'One line',
      command: 'do-it-now',
      author: user.id,
      productionId: group.productionId,
    });
    expect((await (await callAs(user, path, 'PATCH', { command: '' })).json<PromptGroup>()).command).toBeNull();
    expect((await callAs(user, path, 'PATCH', { name: '' })).status).toBe(400);
    expect((await callAs(user, path, 'PATCH', { oneliner: 'o'.repeat(121) })).status).toBe(400);
  });
});
