import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { RefreshResponse } from '../contract/auth';
import { createConversation, createMessage } from '../db/test-helpers';
import { refreshCookieOf, send } from '../test/account-helpers';
import { TEST_PASSWORD, createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

// The page that opens /c/{id} restores its session and reads that conversation in one request
// (web/src/head/early-requests.js): POST /api/auth/refresh?messages={conversationId}.

async function signedIn() {
  const user = await createTestUser();
  const res = await send('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  const cookie = refreshCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return { user, cookie };
}

async function conversationOf(userId: string) {
  const conversationId = await createConversation(env.DB, userId, { title: 'Opened' });
  const question = await createMessage(env.DB, userId, conversationId, { text: 'Hello?', createdAt: 1_000 });
  await createMessage(env.DB, userId, conversationId, {
    parentMessageId: question,
    isCreatedByUser: false,
    text: 'Hello.',
    createdAt: 2_000,
  });
  return conversationId;
}

const refresh = (cookie: string, query: string) => send(`/api/auth/refresh${query}`, undefined, { cookie });

describe('POST /api/auth/refresh?messages={conversationId}', () => {
  it('answers the session and exactly what GET /api/messages/{id} answers for it', async () => {
    const { user, cookie } = await signedIn();
    const conversationId = await conversationOf(user.id);
    const res = await refresh(cookie, `?messages=${encodeURIComponent(conversationId)}`);
    expect(res.status).toBe(200);
    const body = await res.json<RefreshResponse>();
    expect(body.user.id).toBe(user.id);
    expect(body.messages?.map((message) => message.text)).toEqual(['Hello?', 'Hello.']);
    const direct = await callAs(user, `/api/messages/${conversationId}`);
    expect(body.messages).toEqual(await direct.json());
    // The session rotated as on any refresh: the new cookie works, the token is valid.
    const rotated = refreshCookieOf(res);
    expect(rotated).toBeDefined();
    expect((await send('/api/user', undefined, { token: body.token }, 'GET')).status).toBe(200);
  });

  it("gives another user's conversation as an empty list, like the messages route", async () => {
    const owner = await createTestUser();
    const conversationId = await conversationOf(owner.id);
    const { cookie } = await signedIn();
    const body = await (await refresh(cookie, `?messages=${conversationId}`)).json<RefreshResponse>();
    expect(body.messages).toEqual([]);
  });

  it('leaves the answer as it was without the parameter, or with one that names no conversation', async () => {
    const { cookie } = await signedIn();
    const plain = await refresh(cookie, '');
    expect(Object.keys(await plain.json<RefreshResponse>()).sort()).toEqual(['token', 'user']);
    for (const query of ['?messages=', `?messages=${'x'.repeat(201)}`]) {
      const { cookie: fresh } = await signedIn();
      const res = await refresh(fresh, query);
      expect(res.status).toBe(200);
      expect(await res.json<RefreshResponse>()).not.toHaveProperty('messages');
    }
  });

  it('reads nothing without a valid session', async () => {
    const res = await send('/api/auth/refresh?messages=anything', undefined, { cookie: 'refreshToken=garbage' });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('messages');
  });
});
