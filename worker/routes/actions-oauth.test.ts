import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomSecret } from '../agent-tools/actions/oauth';
import { ACTION_SIGN_IN_CONFIRM_PATH } from '../contract/action-sign-in-paths';
import type { UserRow } from '../db/users';
import { CLIENT, IDP_HOST, IDP_ORIGIN, oauthPetsAgent, signInTrip } from '../services/agents/actions/oauth-fixtures';
import { loadActionToken } from '../services/agents/actions/oauth-tokens';
import { useConfig, CUSTOM_ENDPOINT_CONFIG } from '../services/chat/testing/routes';
import { authHeader } from '../test/auth-helpers';
import { handlerFetch } from '../test/mock-tools/handler-fetch';
import { mockOAuthServer, type MockOAuthServer } from '../test/mock-tools/oauth-server';
import { callApp } from '../test/helpers';
import { TEST_CREDS } from '../test/two-factor-helpers';

const VARS = { ...TEST_CREDS, TOOLS_PRIVATE_HOSTS: IDP_HOST };
const keysEnv = { ...TEST_CREDS, DB: env.DB };

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function stubIdp(method: 'default_post' | 'basic_auth_header'): MockOAuthServer {
  const idp = mockOAuthServer({ ...CLIENT, method });
  const net = handlerFetch({ [IDP_ORIGIN]: idp.handler });
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => net.fetch(input, init));
  return idp;
}

/** The browser arrives at the callback: where it is sent, and the cookie it now holds (name=value). */
async function callback(path: string) {
  const res = await callApp(path, {}, VARS);
  const setCookie = res.headers.get('set-cookie');
  return {
    status: res.status,
    location: res.headers.get('location') ?? '',
    cookie: setCookie ? setCookie.split(';')[0]! : null,
    setCookie,
    text: await res.text(),
  };
}

/** The app's page, signed in as `user`, confirms the sign-in of `state` with this browser's cookie. */
async function confirm(user: UserRow, state: string, cookie: string | null) {
  const res = await callApp(
    ACTION_SIGN_IN_CONFIRM_PATH,
    {
      method: 'POST',
      headers: {
        ...(await authHeader(user)),
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ state }),
    },
    VARS,
  );
  return {
    status: res.status,
    body: (await res.json()) as { host?: string; conversationId?: string; message?: string },
  };
}

const flowStatus = async (stateHash: string) =>
  (
    await env.DB.prepare('SELECT status FROM action_oauth_flows WHERE stateHash = ?')
      .bind(stateHash)
      .first<{ status: string }>()
  )?.status;

describe('GET /api/actions/{action_id}/oauth/callback', () => {
  it('records the code only, sets this browser’s nonce, and sends it to the app’s page with the state', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const { path, state, stateHash } = await signInTrip(idp, user.id, actionId);
    const back = await callback(path);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/actions/signed-in?state=${state}`);
    expect(back.setCookie).toMatch(
      /^action_oauth_[\w-]{16}=[\w-]{43}; Max-Age=600; Path=\/api\/actions\/oauth; HttpOnly; Secure; SameSite=Lax/,
    );
    // No exchange, no tokens: nobody has confirmed yet.
    expect(idp.grants).toEqual([]);
    expect(await loadActionToken(keysEnv, user.id, actionId)).toBeNull();
    expect(await flowStatus(stateHash)).toBe('received');
    // The code is sealed at rest, the state is not stored at all.
    const row = await env.DB.prepare('SELECT * FROM action_oauth_flows WHERE stateHash = ?').bind(stateHash).first();
    const code = new URL(`http://x${path}`).searchParams.get('code')!;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it('an unknown, missing or used state, or another action’s, lands on the page with a plain error and no cookie', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const other = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    for (const path of [
      `/api/actions/${actionId}/oauth/callback?code=x&state=${randomSecret()}`,
      `/api/actions/${actionId}/oauth/callback?code=x`,
      `/api/actions/not%20an%20id/oauth/callback?code=x&state=y`,
    ]) {
      const back = await callback(path);
      expect([back.status, back.location, back.setCookie]).toEqual([303, '/actions/signed-in?error=invalid', null]);
    }
    const wrong = await signInTrip(idp, user.id, actionId, { flowActionId: other.actionId });
    expect((await callback(wrong.path)).location).toBe('/actions/signed-in?error=invalid');
    expect(await flowStatus(wrong.stateHash)).toBe('pending');

    const { path } = await signInTrip(idp, user.id, actionId);
    expect((await callback(path)).status).toBe(303);
    const again = await callback(path);
    expect([again.location, again.setCookie]).toEqual(['/actions/signed-in?error=invalid', null]);
  });

  it('a refusal at the provider closes the flow and says so', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const { state, stateHash } = await signInTrip(idp, user.id, actionId);
    const back = await callback(`/api/actions/${actionId}/oauth/callback?error=access_denied&state=${state}`);
    expect(back.location).toBe('/actions/signed-in?error=refused');
    expect(await flowStatus(stateHash)).toBe('done');
    expect((await confirm(user, state, null)).status).toBe(409);
  });
});

describe('POST /api/actions/oauth/confirm', () => {
  it.each(['default_post', 'basic_auth_header'] as const)(
    'exchanges the code (%s) for the user who opened the flow and seals the tokens',
    async (method) => {
      const { user, actionId } = await oauthPetsAgent(method);
      const idp = stubIdp(method);
      const conversationId = crypto.randomUUID();
      const { path, state, stateHash } = await signInTrip(idp, user.id, actionId, { conversationId });
      const { cookie } = await callback(path);
      const answer = await confirm(user, state, cookie);
      expect(answer).toEqual({ status: 200, body: { host: IDP_HOST, conversationId } });
      expect(idp.grants).toEqual(['authorization_code']);
      expect(await flowStatus(stateHash)).toBe('done');
      const stored = await loadActionToken(keysEnv, user.id, actionId);
      expect(stored?.accessToken).toBe(idp.issued[0]);
      expect(stored?.refreshToken).toMatch(/^rt-1-/);
      const rows = await env.DB.prepare('SELECT value FROM user_keys WHERE userId = ?')
        .bind(user.id)
        .all<{ value: string }>();
      expect(rows.results).toHaveLength(2);
      expect(JSON.stringify(rows.results)).not.toContain(idp.issued[0]!);
    },
  );

  it('login CSRF: another user confirming a flow is a 404 that stores nothing and leaves the flow to its owner', async () => {
    const { user: owner, actionId } = await oauthPetsAgent();
    const { user: victim } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    // The owner (the attacker) stops at the provider's redirect and sends the link to the victim,
    // whose browser follows it and whose page confirms with the victim's session.
    const { path, state, stateHash } = await signInTrip(idp, owner.id, actionId);
    const { cookie } = await callback(path);
    const refused = await confirm(victim, state, cookie);
    expect(refused).toEqual({ status: 404, body: { message: 'This sign-in was not found.', code: 'not_found' } });
    expect(idp.grants).toEqual([]);
    expect(await loadActionToken(keysEnv, victim.id, actionId)).toBeNull();
    expect(await loadActionToken(keysEnv, owner.id, actionId)).toBeNull();
    expect(await flowStatus(stateHash)).toBe('received');
    // Nor can the owner take a code that came back to another browser (no nonce of it).
    expect((await confirm(owner, state, null)).status).toBe(400);
    expect((await confirm(owner, state, `${cookie!.split('=')[0]}=${randomSecret()}`)).status).toBe(400);
    expect(idp.grants).toEqual([]);
    expect(await flowStatus(stateHash)).toBe('received');
  });

  it('a state confirms once: the second answer is 409 and nothing is exchanged again', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const { path, state } = await signInTrip(idp, user.id, actionId);
    const { cookie } = await callback(path);
    const [first, second] = await Promise.all([confirm(user, state, cookie), confirm(user, state, cookie)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(idp.grants).toEqual(['authorization_code']);
    expect((await confirm(user, state, cookie)).status).toBe(409);
  });

  it('an expired flow answers 410 and is not exchanged; an unknown state 404; a flow the provider never answered 400', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const late = await signInTrip(idp, user.id, actionId);
    const { cookie } = await callback(late.path);
    await env.DB.prepare('UPDATE action_oauth_flows SET expiresAt = ? WHERE stateHash = ?')
      .bind(Date.now() - 1, late.stateHash)
      .run();
    expect(await confirm(user, late.state, cookie)).toEqual({
      status: 410,
      body: { message: 'This sign-in has expired.' },
    });
    // Expired before the provider came back: the callback refuses it too.
    const stale = await signInTrip(idp, user.id, actionId, { expiresAt: Date.now() - 1 });
    expect((await callback(stale.path)).location).toBe('/actions/signed-in?error=invalid');
    expect((await confirm(user, randomSecret(), cookie)).status).toBe(404);
    const waiting = await signInTrip(idp, user.id, actionId);
    expect((await confirm(user, waiting.state, null)).status).toBe(400);
    expect(idp.grants).toEqual([]);
    expect(await loadActionToken(keysEnv, user.id, actionId)).toBeNull();
  });

  it('a failed exchange answers 502 without the provider’s body or the client secret', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const { path, state } = await signInTrip(idp, user.id, actionId);
    const broken = new URL(`http://app.test${path}`);
    broken.searchParams.set('code', 'code-unknown');
    const { cookie } = await callback(broken.pathname + broken.search);
    const failed = await confirm(user, state, cookie);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('The sign-in could not be completed. The token endpoint answered HTTP 400.');
    expect(JSON.stringify(failed.body)).not.toContain(CLIENT.clientSecret);
  });

  it('asks for a session and a state', async () => {
    const { user } = await oauthPetsAgent();
    const anonymous = await callApp(ACTION_SIGN_IN_CONFIRM_PATH, { method: 'POST', body: '{"state":"x"}' }, VARS);
    expect(anonymous.status).toBe(401);
    const res = await callApp(
      ACTION_SIGN_IN_CONFIRM_PATH,
      { method: 'POST', headers: { ...(await authHeader(user)), 'content-type': 'application/json' }, body: '{}' },
      VARS,
    );
    expect(res.status).toBe(400);
  });
});
