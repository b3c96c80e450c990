import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { CREDS_KEY_MISSING_MESSAGE } from '../services/crypto/creds-key';
import { getUserKey } from '../services/user-keys/store';
import { createTestUser } from '../test/auth-helpers';
import { TEST_CREDS, callAs } from '../test/two-factor-helpers';

const keysEnv = { ...TEST_CREDS, DB: env.DB };
const SECRET = 'sk-test-0123456789abcdefghijklmnop';
const future = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

async function storedRow(userId: string, name: string) {
  return env.DB.prepare('SELECT value, iv, expiresAt FROM user_keys WHERE userId = ?1 AND name = ?2')
    .bind(userId, name)
    .first<{ value: string; iv: string; expiresAt: number | null }>();
}

describe('PUT /api/keys', () => {
  it('stores the key encrypted and answers its expiry on GET', async () => {
    const user = await createTestUser();
    const expiresAt = future();
    const put = await callAs(user, '/api/keys', 'PUT', { name: 'openAI', value: SECRET, expiresAt });
    expect(put.status).toBe(201);

    const get = await callAs(user, '/api/keys?name=openAI');
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ expiresAt: new Date(expiresAt).toISOString() });
    expect(await getUserKey(keysEnv, user.id, 'openAI')).toBe(SECRET);

    const row = await storedRow(user.id, 'openAI');
    expect(row?.value).not.toContain(SECRET);
    expect(row?.value).not.toContain(btoa(SECRET).slice(0, 12));
    expect(row?.iv).toMatch(/^[A-Za-z0-9_-]{16}$/); // 12 random bytes
  });

  it('uses a fresh IV every time: the same value never gives the same ciphertext', async () => {
    const user = await createTestUser();
    await callAs(user, '/api/keys', 'PUT', { name: 'anthropic', value: SECRET });
    const first = await storedRow(user.id, 'anthropic');
    await callAs(user, '/api/keys', 'PUT', { name: 'anthropic', value: SECRET });
    const second = await storedRow(user.id, 'anthropic');
    expect(second?.iv).not.toBe(first?.iv);
    expect(second?.value).not.toBe(first?.value);
    expect(await getUserKey(keysEnv, user.id, 'anthropic')).toBe(SECRET);
  });

  it('upserts per name, and a key without expiresAt never expires', async () => {
    const user = await createTestUser();
    await callAs(user, '/api/keys', 'PUT', { name: 'google', value: 'one', expiresAt: future() });
    await callAs(user, '/api/keys', 'PUT', { name: 'google', value: 'two', expiresAt: null });
    expect(await (await callAs(user, '/api/keys?name=google')).json()).toEqual({ expiresAt: null });
    expect(await getUserKey(keysEnv, user.id, 'google')).toBe('two');
  });

  it("answers 400 'value is required' for a missing or empty value", async () => {
    const user = await createTestUser();
    for (const body of [{ name: 'openAI' }, { name: 'openAI', value: '' }, { name: 'openAI', value: null }]) {
      const res = await callAs(user, '/api/keys', 'PUT', body);
      expect(res.status).toBe(400);
      expect((await res.json<{ message: string }>()).message).toContain('value is required');
    }
    expect((await callAs(user, '/api/keys', 'PUT', { value: 'x' })).status).toBe(400);
    expect((await callAs(user, '/api/keys', 'PUT', { name: 'a', value: 'x', expiresAt: 'tomorrow' })).status).toBe(400);
    expect(await storedRow(user.id, 'openAI')).toBeNull();
  });

  it('ignores a userId in the body: the key belongs to the token user', async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const res = await callAs(mallory, '/api/keys', 'PUT', {
      name: 'openAI',
      value: 'planted',
      userId: alice.id,
      user: alice.id,
    });
    expect(res.status).toBe(201);
    expect(await storedRow(alice.id, 'openAI')).toBeNull();
    expect(await getUserKey(keysEnv, alice.id, 'openAI')).toBeNull();
    expect(await getUserKey(keysEnv, mallory.id, 'openAI')).toBe('planted');
  });

  it('answers a clear 500 and stores nothing when CREDS_KEY is missing or malformed', async () => {
    const user = await createTestUser();
    for (const vars of [{}, { CREDS_KEY: 'abc' }, { CREDS_KEY: 'g'.repeat(64) }]) {
      const res = await callAs(user, '/api/keys', 'PUT', { name: 'openAI', value: SECRET }, vars);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ message: CREDS_KEY_MISSING_MESSAGE });
    }
    expect(await storedRow(user.id, 'openAI')).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await callAs(null, '/api/keys', 'PUT', { name: 'openAI', value: SECRET })).status).toBe(401);
    expect((await callAs(null, '/api/keys?name=openAI')).status).toBe(401);
  });
});

describe('GET /api/keys and getUserKey', () => {
  it("another user's key is a missing key", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await callAs(alice, '/api/keys', 'PUT', { name: 'openAI', value: SECRET });
    expect((await callAs(bob, '/api/keys?name=openAI')).status).toBe(404);
    expect(await getUserKey(keysEnv, bob.id, 'openAI')).toBeNull();
  });

  it('an expired key counts as missing: 404 and null', async () => {
    const user = await createTestUser();
    const past = new Date(Date.now() - 1000).toISOString();
    await callAs(user, '/api/keys', 'PUT', { name: 'openAI', value: SECRET, expiresAt: past });
    expect((await callAs(user, '/api/keys?name=openAI')).status).toBe(404);
    expect(await getUserKey(keysEnv, user.id, 'openAI')).toBeNull();
    // Still present until its expiry, seen from a moment before it.
    expect(await getUserKey(keysEnv, user.id, 'openAI', Date.parse(past) - 1)).toBe(SECRET);
  });

  it('answers 404 for a key never set and 400 without a name', async () => {
    const user = await createTestUser();
    expect((await callAs(user, '/api/keys?name=nothing')).status).toBe(404);
    expect((await callAs(user, '/api/keys')).status).toBe(400);
  });

  it("refuses to decrypt a ciphertext moved into another user's row", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    await callAs(alice, '/api/keys', 'PUT', { name: 'openAI', value: SECRET });
    const row = await storedRow(alice.id, 'openAI');
    await env.DB.prepare('INSERT INTO user_keys (userId, name, value, iv) VALUES (?1, ?2, ?3, ?4)')
      .bind(mallory.id, 'openAI', row?.value, row?.iv)
      .run();
    await expect(getUserKey(keysEnv, mallory.id, 'openAI')).rejects.toBeInstanceOf(HttpError);
  });

  it('a key sealed under another CREDS_KEY does not decrypt', async () => {
    const user = await createTestUser();
    await callAs(user, '/api/keys', 'PUT', { name: 'openAI', value: SECRET });
    await expect(getUserKey({ CREDS_KEY: 'f'.repeat(64), DB: env.DB }, user.id, 'openAI')).rejects.toThrow(
      /cannot be decrypted/,
    );
  });
});

describe('DELETE /api/keys', () => {
  it('deletes one key by name, only the caller’s', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await callAs(alice, '/api/keys', 'PUT', { name: 'openAI', value: SECRET });
    await callAs(alice, '/api/keys', 'PUT', { name: 'google', value: SECRET });
    await callAs(bob, '/api/keys', 'PUT', { name: 'openAI', value: 'bob' });

    expect((await callAs(bob, '/api/keys/openAI', 'DELETE')).status).toBe(204);
    expect(await getUserKey(keysEnv, alice.id, 'openAI')).toBe(SECRET); // Bob deleted his own only
    expect((await callAs(alice, '/api/keys/openAI', 'DELETE')).status).toBe(204);
    expect((await callAs(alice, '/api/keys?name=openAI')).status).toBe(404);
    expect((await callAs(alice, '/api/keys?name=google')).status).toBe(200);
  });

  it('deletes all keys with ?all=true, and refuses a bare DELETE', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await callAs(alice, '/api/keys', 'PUT', { name: 'openAI', value: SECRET });
    await callAs(alice, '/api/keys', 'PUT', { name: 'google', value: SECRET });
    await callAs(bob, '/api/keys', 'PUT', { name: 'openAI', value: 'bob' });

    expect((await callAs(alice, '/api/keys', 'DELETE')).status).toBe(400);
    expect((await callAs(alice, '/api/keys?all=false', 'DELETE')).status).toBe(400);
    expect(await getUserKey(keysEnv, alice.id, 'google')).toBe(SECRET);

    expect((await callAs(alice, '/api/keys?all=true', 'DELETE')).status).toBe(204);
    expect(await getUserKey(keysEnv, alice.id, 'openAI')).toBeNull();
    expect(await getUserKey(keysEnv, alice.id, 'google')).toBeNull();
    expect(await getUserKey(keysEnv, bob.id, 'openAI')).toBe('bob');
  });
});
