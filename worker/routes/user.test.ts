import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { conversations, messages } from '../db/schema';
import { userFilesPrefix } from '../services/auth/account-deletion';
import { clearsRefreshCookie, refreshCookieOf, send } from '../test/account-helpers';
import { TEST_PASSWORD, authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? -1;

describe('GET /api/user', () => {
  it('answers the public user, without secrets', async () => {
    const user = await createTestUser({
      totpSecret: 'encrypted-secret',
      backupCodes: [{ codeHash: 'h', used: false, usedAt: null }],
    });
    const res = await callApp('/api/user', { headers: await authHeader(user) });
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Test User',
      role: 'USER',
      provider: 'local',
      twoFactorEnabled: false,
      termsAccepted: false,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'avatar',
        'createdAt',
        'email',
        'emailVerified',
        'id',
        'name',
        'provider',
        'role',
        'termsAccepted',
        'twoFactorEnabled',
        'updatedAt',
        'username',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toContain('encrypted-secret');
  });

  it('answers 401 without a token', async () => {
    expect((await callApp('/api/user')).status).toBe(401);
  });
});

describe('terms', () => {
  it('reports, then records, acceptance', async () => {
    const user = await createTestUser();
    const headers = await authHeader(user);
    expect(await (await callApp('/api/user/terms', { headers })).json()).toEqual({ termsAccepted: false });
    const accepted = await callApp('/api/user/terms/accept', { method: 'POST', headers });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ message: 'Terms accepted' });
    expect(await (await callApp('/api/user/terms', { headers })).json()).toEqual({ termsAccepted: true });
    // Only this user's flag changed.
    const other = await createTestUser();
    expect(await (await callApp('/api/user/terms', { headers: await authHeader(other) })).json()).toEqual({
      termsAccepted: false,
    });
  });

  it('needs a signed-in user', async () => {
    expect((await callApp('/api/user/terms')).status).toBe(401);
    expect((await callApp('/api/user/terms/accept', { method: 'POST' })).status).toBe(401);
  });
});

describe('DELETE /api/user/delete', () => {
  it("deletes the account, its rows, its sessions and its files — and nobody else's", async () => {
    const user = await createTestUser();
    const bystander = await createTestUser();
    await send('/api/auth/login', { email: bystander.email, password: TEST_PASSWORD });
    const loginRes = await send('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const cookie = refreshCookieOf(loginRes) ?? '';
    const { token } = await loginRes.json<{ token: string }>();

    for (const owner of [user, bystander]) {
      const conversationId = crypto.randomUUID();
      await db(env).insert(conversations).values({ conversationId, userId: owner.id, title: 'Hello' });
      await db(env)
        .insert(messages)
        .values({ messageId: crypto.randomUUID(), conversationId, userId: owner.id, text: 'hi there' });
      await env.FILES.put(`${userFilesPrefix(owner.id)}avatar.png`, 'png bytes');
      await env.FILES.put(`${userFilesPrefix(owner.id)}uploads/a.txt`, 'text');
    }

    const res = await send('/api/user/delete', undefined, { token }, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'User deleted' });
    expect(clearsRefreshCookie(res)).toBe(true);

    // The access token and the refresh cookie are useless now.
    expect((await send('/api/user', undefined, { token }, 'GET')).status).toBe(401);
    expect((await send('/api/auth/refresh', undefined, { cookie })).status).toBe(401);
    expect((await send('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);

    for (const table of [
      'users WHERE id = ?',
      'conversations WHERE userId = ?',
      'messages WHERE userId = ?',
      'sessions WHERE userId = ?',
    ]) {
      expect(await count(`SELECT count(*) AS n FROM ${table}`, user.id)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM ${table}`, bystander.id)).toBeGreaterThan(0);
    }
    expect((await env.FILES.list({ prefix: userFilesPrefix(user.id) })).objects).toHaveLength(0);
    expect((await env.FILES.list({ prefix: userFilesPrefix(bystander.id) })).objects).toHaveLength(2);
  });

  it('needs a signed-in user', async () => {
    expect((await callApp('/api/user/delete', { method: 'DELETE' })).status).toBe(401);
  });
});
