import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/users';
import { parseAppConfig } from '../services/config/parse';
import { APP_CONFIG_KV_KEY, resetConfigCacheForTests, saveAppConfig } from '../services/config/store';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { deleteUserAvatars } from '../services/avatar/replace';
import { callApp } from '../test/helpers';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const URL_PATTERN = /^\/api\/files\/images\/avatar\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.(png|jpg)$/;

function bytes(signature: number[], size = 256): Uint8Array {
  const data = new Uint8Array(size);
  // getRandomValues takes at most 64 KB; a repeated random block is noise enough.
  const block = crypto.getRandomValues(new Uint8Array(Math.min(size, 4096)));
  for (let offset = 0; offset < size; offset += block.length) data.set(block.subarray(0, size - offset), offset);
  data.set(signature);
  return data;
}
const png = (size?: number) => bytes(PNG_SIGNATURE, size);
const jpeg = (size?: number) => bytes([0xff, 0xd8, 0xff, 0xe0], size);

async function upload(user: UserRow | null, data: Uint8Array, fileName: string, type = 'image/png'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([data], fileName, { type }));
  form.append('manual', 'true');
  const headers = user ? await authHeader(user) : {};
  return callApp('/api/files/images/avatar', { method: 'POST', headers, body: form });
}

async function avatarOf(userId: string): Promise<string | null> {
  const row = await env.DB.prepare('SELECT avatar FROM users WHERE id = ?1')
    .bind(userId)
    .first<{ avatar: string | null }>();
  return row?.avatar ?? null;
}

const keyOf = (url: string) => {
  const [, userId, uuid, ext] = URL_PATTERN.exec(url) ?? [];
  return `users/${userId}/avatar/${uuid}.${ext}`;
};

beforeEach(async () => {
  await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  resetConfigCacheForTests();
});

describe('POST /api/files/images/avatar', () => {
  it('stores a PNG in R2 under a server key, sets users.avatar and answers {url}', async () => {
    const user = await createTestUser();
    const data = png(1024);
    const res = await upload(user, data, 'avatar.png');
    expect(res.status).toBe(200);
    const { url } = await res.json<{ url: string }>();
    expect(url).toMatch(URL_PATTERN);
    expect(url).toContain(`/${user.id}/`);
    expect(await avatarOf(user.id)).toBe(url);

    const object = await env.FILES.get(keyOf(url));
    expect(object?.httpMetadata?.contentType).toBe('image/png');
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(data);

    // The URL is what the SPA loads: public, long-cached, typed, nosniff.
    const served = await callApp(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(data);
  });

  it('deletes the previous avatar when a new one is set', async () => {
    const user = await createTestUser();
    const first = (await (await upload(user, png(), 'a.png')).json<{ url: string }>()).url;
    // requireAuth reads the account afresh, so the server sees the first avatar as current.
    const second = (await (await upload(user, png(), 'b.png')).json<{ url: string }>()).url;
    expect(second).not.toBe(first);
    expect(await env.FILES.head(keyOf(first))).toBeNull();
    expect(await env.FILES.head(keyOf(second))).not.toBeNull();
    expect((await callApp(first)).status).toBe(404);
  });

  it('stores JPEG bytes as image/jpeg whatever type the client declared', async () => {
    const user = await createTestUser();
    const res = await upload(user, jpeg(), 'photo.jpg', 'text/plain');
    expect(res.status).toBe(200);
    const { url } = await res.json<{ url: string }>();
    expect(url.endsWith('.jpg')).toBe(true);
    expect((await env.FILES.head(keyOf(url)))?.httpMetadata?.contentType).toBe('image/jpeg');
    expect((await callApp(url)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a wrong name or wrong bytes with 400', async () => {
    const user = await createTestUser();
    const cases: [Uint8Array, string, string][] = [
      [png(), 'avatar.exe', 'image/png'], // PNG magic, wrong name
      [png(), 'avatar', 'image/png'],
      [png(), 'avatar.gif', 'image/gif'],
      [new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'avatar.png', 'image/png'], // name fine, bytes not
      [bytes([0x47, 0x49, 0x46, 0x38]), 'avatar.jpeg', 'image/jpeg'], // GIF bytes
    ];
    for (const [data, name, type] of cases) {
      const res = await upload(user, data, name, type);
      expect(res.status, name).toBe(400);
      expect((await res.json<{ message: string }>()).message).toMatch(/PNG or JPEG/);
    }
    expect(await avatarOf(user.id)).toBeNull();
  });

  it('answers 413 with the limit for a file over the default 2 MB', async () => {
    const user = await createTestUser();
    const res = await upload(user, png(3 * 1024 * 1024), 'big.png');
    expect(res.status).toBe(413);
    expect((await res.json<{ message: string }>()).message).toContain('2 MB');
    expect(await avatarOf(user.id)).toBeNull();
  });

  it('stops reading an endless upload without Content-Length once it passes the limit', async () => {
    const user = await createTestUser();
    let produced = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await callApp('/api/files/images/avatar', {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'multipart/form-data; boundary=xyz' },
      body: endless,
    });
    expect(res.status).toBe(413);
    expect(produced).toBeLessThan(3 * 1024 * 1024);
  });

  it('enforces the configured avatarSizeLimit on the file itself, not only the body', async () => {
    const parsed = parseAppConfig('version: 1.2.5\nfileConfig:\n  avatarSizeLimit: 0.01\n');
    if (!parsed.ok) throw new Error(parsed.errors.join());
    await saveAppConfig(env.CONFIG, parsed.config);
    resetConfigCacheForTests();
    const user = await createTestUser();
    // 12 KB: over the 10 KB limit but within the multipart allowance, so the file check decides.
    const res = await upload(user, png(12 * 1024), 'a.png');
    expect(res.status).toBe(413);
    expect((await res.json<{ message: string }>()).message).toContain('10.2 KB');
    expect((await upload(user, png(8 * 1024), 'a.png')).status).toBe(200);
  });

  it('never takes the key from input: a hostile file name is ignored', async () => {
    const user = await createTestUser();
    const res = await upload(user, png(), '../../../users/someone-else/avatar/x.png');
    expect(res.status).toBe(200);
    const { url } = await res.json<{ url: string }>();
    expect(url).toMatch(URL_PATTERN);
    expect(url).not.toContain('someone-else');
  });

  it("does not delete an object the user's avatar merely points to in another user's space", async () => {
    const victim = await createTestUser();
    const victimUrl = (await (await upload(victim, png(), 'v.png')).json<{ url: string }>()).url;
    const attacker = await createTestUser({ avatar: victimUrl });
    expect((await upload(attacker, png(), 'a.png')).status).toBe(200);
    expect(await env.FILES.head(keyOf(victimUrl))).not.toBeNull();
  });

  it('answers 400 without a file, and 401 without a token', async () => {
    const user = await createTestUser();
    const form = new FormData();
    form.append('manual', 'true');
    const res = await callApp('/api/files/images/avatar', {
      method: 'POST',
      headers: await authHeader(user),
      body: form,
    });
    expect(res.status).toBe(400);
    const json = await callApp('/api/files/images/avatar', {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect((await upload(null, png(), 'a.png')).status).toBe(401);
  });
});

describe('deleteUserAvatars', () => {
  it("removes the user's avatar objects and nobody else's", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const aliceUrl = (await (await upload(alice, png(), 'a.png')).json<{ url: string }>()).url;
    const bobUrl = (await (await upload(bob, png(), 'b.png')).json<{ url: string }>()).url;
    await deleteUserAvatars(env, alice.id);
    expect(await env.FILES.head(keyOf(aliceUrl))).toBeNull();
    expect(await env.FILES.head(keyOf(bobUrl))).not.toBeNull();
  });
});

describe('GET /api/files/images/avatar/:userId/:file', () => {
  it('answers 404 for names outside the exact pattern, never reaching other keys', async () => {
    const user = await createTestUser();
    const { url } = await (await upload(user, png(), 'a.png')).json<{ url: string }>();
    const [, , uuid] = URL_PATTERN.exec(url) ?? [];
    await env.FILES.put('secret.txt', 'top secret');
    for (const path of [
      `/api/files/images/avatar/${user.id}/${uuid}.PNG`,
      `/api/files/images/avatar/${user.id}/${uuid}.txt`,
      `/api/files/images/avatar/${user.id}/..%2F..%2F..%2Fsecret.txt`,
      `/api/files/images/avatar/..%2F..%2F/${uuid}.png`,
      `/api/files/images/avatar/${user.id}/${crypto.randomUUID()}.png`, // well-formed, absent
    ]) {
      expect((await callApp(path)).status, path).toBe(404);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const user = await createTestUser();
    const { url } = await (await upload(user, png(), 'a.png')).json<{ url: string }>();
    const etag = (await callApp(url)).headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await callApp(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
