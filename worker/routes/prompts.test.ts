import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DeletePromptResult, Prompt, PromptGroup, UpdatePromptLabelsResult } from '../contract/prompts';
import { addVersionAs, createGroupAs, groupSnapshot } from '../services/prompts/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** Creating prompts, their versions and production, deleting them, and their labels. */

const messageOf = async (res: Response) => (await res.json<{ message: string }>()).message;

async function versionsOf(user: Parameters<typeof callAs>[0], groupId: string): Promise<Prompt[]> {
  const res = await callAs(user, `/api/prompts?groupId=${groupId}`);
  expect(res.status).toBe(200);
  return res.json<Prompt[]>();
}

async function groupOf(user: Parameters<typeof callAs>[0], groupId: string): Promise<PromptGroup> {
  const res = await callAs(user, `/api/prompts/groups/${groupId}`);
  expect(res.status).toBe(200);
  return res.json<PromptGroup>();
}

describe('POST /api/prompts', () => {
  it('creates a group whose first version is production, authored by the caller whatever the body claims', async () => {
    const user = await createTestUser({ name: 'Ada Writer' });
    const other = await createTestUser();
    const res = await callAs(user, '/api/prompts', 'POST', {
      prompt: { prompt: 'Explain {{topic}}.', type: 'chat', author: other.id },
      group: {
        name: '  Explainer ',
        category: 'teach_or_explain',
        oneliner: 'Explains things',
        command: 'My Explainer!! 2',
        author: other.id,
        authorName: 'Someone else',
        projectIds: ['instance'],
      },
    });
    expect(res.status).toBe(200);
    const { prompt, group } = await res.json<{ prompt: Prompt; group: PromptGroup }>();
    expect(prompt).toMatchObject({ prompt: 'Explain {{topic}}.', type: 'chat', author: user.id, labels: [] });
    expect(group).toMatchObject({
      _id: prompt.groupId,
      name: 'Explainer',
      category: 'teach_or_explain',
      oneliner: 'Explains things',
      command: 'my-explainer-2',
      author: user.id,
      authorName: 'Ada Writer',
      productionId: prompt._id,
      productionPrompt: { prompt: 'Explain {{topic}}.' },
      projectIds: [],
      numberOfGenerations: 0,
    });
    expect(prompt._id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    const row = await env.DB.prepare('SELECT userId, isShared FROM prompt_groups WHERE id = ?1')
      .bind(group._id)
      .first();
    expect(row).toEqual({ userId: user.id, isShared: 0 });
  });

  it('cuts the command to 56 characters and stores an empty one as none', async () => {
    const user = await createTestUser();
    const long = await createGroupAs(user, { command: `A ${'b'.repeat(80)}` });
    expect(long.group.command).toBe(`a-${'b'.repeat(54)}`);
    const empty = await createGroupAs(user, { command: '!!!' });
    expect(empty.group.command).toBeNull();
  });

  it.each([
    [{ prompt: { prompt: 'x' }, group: {} }, 'group.name: Name is required'],
    [{ prompt: { prompt: 'x' }, group: { name: '   ' } }, 'group.name: Name is required'],
    [{ prompt: {}, group: { name: 'n' } }, 'prompt.prompt: Prompt is required'],
    [{ prompt: { prompt: ' \n ' }, group: { name: 'n' } }, 'prompt.prompt: Prompt is required'],
    [{ prompt: { prompt: 'x' }, group: { name: 'n', oneliner: 'o'.repeat(121) } }, 'at most 120 characters'],
    [{ prompt: { prompt: 'x', type: 'image' }, group: { name: 'n' } }, 'prompt.type'],
    [{ prompt: { prompt: 'x' } }, 'a new prompt needs group.name'],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/prompts', 'POST', body);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain(message);
  });

  it('adds a version only when the text changed from the latest, production unchanged', async () => {
    const user = await createTestUser();
    const { group, prompt: first } = await createGroupAs(user, {}, 'Version one');
    const second = await addVersionAs(user, group._id, 'Version two');
    expect(second.status).toBe(200);
    const { prompt: added } = await second.json<{ prompt: Prompt; group?: PromptGroup }>();
    expect(added).toMatchObject({ groupId: group._id, prompt: 'Version two' });

    const again = await addVersionAs(user, group._id, 'Version two');
    expect(again.status).toBe(200);
    const body = await again.json<{ prompt: Prompt; group?: PromptGroup }>();
    expect(body.prompt._id).toBe(added._id);
    expect(body).not.toHaveProperty('group');

    const versions = await versionsOf(user, group._id);
    expect(versions.map((version) => version.prompt)).toEqual(['Version two', 'Version one']);
    expect((await groupOf(user, group._id)).productionId).toBe(first._id);
    // The first text again is a change from the latest: a third version.
    expect((await addVersionAs(user, group._id, 'Version one')).status).toBe(200);
    expect(await versionsOf(user, group._id)).toHaveLength(3);
  });

  it('answers 404 for a version of a group that does not exist', async () => {
    const user = await createTestUser();
    const res = await addVersionAs(user, 'no-such-group', 'text');
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Prompt group not found');
  });
});

describe('versions and production', () => {
  async function threeVersions() {
    const user = await createTestUser();
    const { group, prompt: v1 } = await createGroupAs(user, {}, 'one');
    const v2 = (await (await addVersionAs(user, group._id, 'two')).json<{ prompt: Prompt }>()).prompt;
    const v3 = (await (await addVersionAs(user, group._id, 'three')).json<{ prompt: Prompt }>()).prompt;
    return { user, group, v1, v2, v3 };
  }

  it('reads one version by id and makes any version production', async () => {
    const { user, group, v2 } = await threeVersions();
    const read = await callAs(user, `/api/prompts/${v2._id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(v2);
    const res = await callAs(user, `/api/prompts/${v2._id}/tags/production`, 'PATCH');
    expect(res.status).toBe(200);
    expect(await messageOf(res)).toBe('Prompt production made successfully');
    expect((await groupOf(user, group._id)).productionId).toBe(v2._id);
    const page = await (await callAs(user, '/api/prompts/groups')).json<{ promptGroups: PromptGroup[] }>();
    expect(page.promptGroups.find((listed) => listed._id === group._id)?.productionPrompt).toEqual({ prompt: 'two' });
  });

  it('deleting a version that is not production leaves production alone', async () => {
    const { user, group, v1, v3 } = await threeVersions();
    const res = await callAs(user, `/api/prompts/${v3._id}?groupId=${group._id}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ prompt: 'Prompt deleted successfully' });
    expect((await groupOf(user, group._id)).productionId).toBe(v1._id);
    expect((await versionsOf(user, group._id)).map((v) => v.prompt)).toEqual(['two', 'one']);
  });

  it('deleting the production version moves production to the first remaining version (the newest)', async () => {
    const { user, group, v1, v2, v3 } = await threeVersions();
    await callAs(user, `/api/prompts/${v2._id}/tags/production`, 'PATCH');
    expect((await callAs(user, `/api/prompts/${v2._id}?groupId=${group._id}`, 'DELETE')).status).toBe(200);
    expect((await groupOf(user, group._id)).productionId).toBe(v3._id);
    expect((await callAs(user, `/api/prompts/${v3._id}?groupId=${group._id}`, 'DELETE')).status).toBe(200);
    expect((await groupOf(user, group._id)).productionId).toBe(v1._id);
  });

  it('deleting the last version deletes the group and says so', async () => {
    const user = await createTestUser();
    const { group, prompt } = await createGroupAs(user);
    const res = await callAs(user, `/api/prompts/${prompt._id}?groupId=${group._id}`, 'DELETE');
    expect(res.status).toBe(200);
    const body = await res.json<DeletePromptResult>();
    expect(body).toEqual({
      prompt: 'Prompt deleted successfully',
      promptGroup: { message: 'Prompt group deleted successfully', id: group._id },
    });
    expect(await groupSnapshot(group._id)).toEqual({ group: null, versions: [] });
    expect((await callAs(user, `/api/prompts/groups/${group._id}`)).status).toBe(404);
  });

  it('refuses to delete a version through another group’s id', async () => {
    const user = await createTestUser();
    const a = await createGroupAs(user);
    const b = await createGroupAs(user);
    const before = await groupSnapshot(a.group._id);
    const res = await callAs(user, `/api/prompts/${a.prompt._id}?groupId=${b.group._id}`, 'DELETE');
    expect(res.status).toBe(404);
    expect(await groupSnapshot(a.group._id)).toEqual(before);
    expect((await callAs(user, `/api/prompts/${a.prompt._id}`, 'DELETE')).status).toBe(400);
  });

  it('deletes a group with all its versions', async () => {
    const { user, group } = await threeVersions();
    const res = await callAs(user, `/api/prompts/groups/${group._id}`, 'DELETE');
    expect(res.status).toBe(200);
    expect(await messageOf(res)).toBe('Prompt group deleted successfully');
    expect(await groupSnapshot(group._id)).toEqual({ group: null, versions: [] });
  });

  it('sets a version’s labels, once each, and refuses too many', async () => {
    const user = await createTestUser();
    const { prompt } = await createGroupAs(user);
    const res = await callAs(user, `/api/prompts/${prompt._id}/labels`, 'PATCH', {
      labels: ['draft', ' final ', 'draft'],
    });
    expect(res.status).toBe(200);
    const body = await res.json<UpdatePromptLabelsResult>();
    expect(body.message).toBe('Prompt labels updated successfully');
    expect(body.prompt.labels).toEqual(['draft', 'final']);
    expect((await (await callAs(user, `/api/prompts/${prompt._id}`)).json<Prompt>()).labels).toEqual([
      'draft',
      'final',
    ]);
    const many = Array.from({ length: 17 }, (_, i) => `l${i}`);
    expect((await callAs(user, `/api/prompts/${prompt._id}/labels`, 'PATCH', { labels: many })).status).toBe(400);
  });
});
