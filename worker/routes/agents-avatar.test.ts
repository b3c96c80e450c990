import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/users';
import { createAgentAs, messageOf, shareAgent } from '../services/agents/test-helpers';
import { deleteAccount } from '../services/auth/account-deletion';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { callAs } from '../test/two-factor-helpers';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const FILEPATH = /^\/api\/files\/images\/agents\/(agent_[A-Za-z0-9_-]+)\/avatar\/([0-9a-f-]{36}\.png)$/;

function png(size = 256): Uint8Array {
  const data = new Uint8Array(size);
  data.set(crypto.getRandomValues(new Uint8Array(Math.min(size, 4096))));
  data.set(PNG_SIGNATURE);
  return data;
}

async function upload(user: UserRow, agentId: string, data: Uint8Array, name = 'me.png'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([data], name, { type: 'image/png' }));
  return callApp(`/api/files/images/agents/${agentId}/avatar`, {
    method: 'POST',
    headers: await authHeader(user),
    body: form,
  });
}

interface Avatar {
  filepath: string;
  source: string;
}

async function uploaded(user: UserRow, agentId: string, data = png()): Promise<Avatar> {
  const res = await upload(user, agentId, data);
  expect(res.status).toBe(201);
  const agent = await res.json<{ id: string; avatar: Avatar }>();
  expect(agent.id).toBe(agentId);
  return agent.avatar;
}

/** Under the author's prefix, so deleting the account deletes the agent's pictures too. */
const keyOf = (author: UserRow, avatar: Avatar) => {
  const [, agentId, file] = FILEPATH.exec(avatar.filepath) ?? [];
  return `users/${author.id}/agents/${agentId}/avatar/${file}`;
};

describe('POST /api/files/images/agents/{agent_id}/avatar', () => {
  it('stores the picture in R2 and answers the agent with its filepath, which the author loads', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    // Over the app's 1 MB JSON limit, within the 2 MB avatar limit.
    const data = png(1536 * 1024);
    const avatar = await uploaded(user, agent.id, data);
    expect(avatar).toEqual({ filepath: expect.stringMatching(FILEPATH), source: 'r2' });
    const res = await callAs(user, avatar.filepath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const served = new Uint8Array(await res.arrayBuffer());
    expect(served.length === data.length && served.every((byte, i) => byte === data[i])).toBe(true);
    const stored = await callAs(user, `/api/agents/${agent.id}`);
    expect((await stored.json<{ avatar: Avatar }>()).avatar).toEqual(avatar);
  });

  it('refuses what a user avatar refuses: not an image, too large', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const text = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    let res = await upload(user, agent.id, text, 'me.png');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^Invalid file type/);
    res = await upload(user, agent.id, png(3 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(await messageOf(res)).toBe('The file is too large. The avatar size limit is 2 MB.');
  });

  it('replacing the picture deletes the old object', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const first = await uploaded(user, agent.id);
    expect(await env.FILES.head(keyOf(user, first))).not.toBeNull();
    const second = await uploaded(user, agent.id);
    expect(second.filepath).not.toBe(first.filepath);
    expect(await env.FILES.head(keyOf(user, first))).toBeNull();
    expect((await callAs(user, first.filepath)).status).toBe(404);
    expect((await callAs(user, second.filepath)).status).toBe(200);
  });

  it('deleting the agent deletes its picture; a copy keeps a picture of its own', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const avatar = await uploaded(user, agent.id);
    const res = await callAs(user, `/api/agents/${agent.id}/duplicate`, 'POST');
    const copy = (await res.json<{ agent: { id: string; avatar: Avatar } }>()).agent;
    expect(copy.avatar.filepath).toContain(`/agents/${copy.id}/avatar/`);
    expect((await callAs(user, `/api/agents/${agent.id}`, 'DELETE')).status).toBe(200);
    expect(await env.FILES.head(keyOf(user, avatar))).toBeNull();
    expect((await callAs(user, copy.avatar.filepath)).status).toBe(200);
  });

  it('deleting the author’s account deletes the agent’s picture with the author’s other files', async () => {
    const user = await createTestUser();
    const agent = await createAgentAs(user);
    const avatar = await uploaded(user, agent.id);
    await deleteAccount(env, user.id);
    expect(await env.FILES.head(keyOf(user, avatar))).toBeNull();
  });
});

describe('who sees and changes an agent’s picture', () => {
  it('loads without a token at its address, which only the current picture answers; only editors upload', async () => {
    const author = await createTestUser();
    const other = await createTestUser();
    const shared = await createAgentAs(author);
    const hidden = await createAgentAs(author);
    await shareAgent(author, shared.id);
    const sharedAvatar = await uploaded(author, shared.id);
    const hiddenAvatar = await uploaded(author, hidden.id);

    // An <img> sends no token: the address, with its random id, is what lets a picture load.
    const anonymous = await callApp(sharedAvatar.filepath);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await callAs(other, sharedAvatar.filepath)).status).toBe(200);
    // Another id under the agent, or one agent's picture asked under another agent: not found.
    const guessed = hiddenAvatar.filepath.replace(/[0-9a-f-]{36}/, crypto.randomUUID());
    expect((await callApp(guessed)).status).toBe(404);
    expect((await callApp(hiddenAvatar.filepath.replace(hidden.id, shared.id))).status).toBe(404);
    // A replaced picture's address stops answering.
    const replaced = await uploaded(author, hidden.id);
    expect((await callApp(hiddenAvatar.filepath)).status).toBe(404);
    expect((await callApp(replaced.filepath)).status).toBe(200);

    const refused = await upload(other, shared.id, png());
    expect(refused.status).toBe(403);
    const hiddenUpload = await upload(other, hidden.id, png());
    expect(hiddenUpload.status).toBe(404);
    expect(await messageOf(hiddenUpload)).toBe('Agent not found');
    expect(await env.FILES.head(keyOf(author, sharedAvatar))).not.toBeNull();
  });
});
