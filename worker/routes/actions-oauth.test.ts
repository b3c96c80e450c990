import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthFlowKey, randomSecret, sha256Url, type OAuthFlow } from '../agent-tools/actions/oauth';
import { oauthRedirectUri } from '../services/agents/actions/oauth-auth';
import { SIGN_IN_MESSAGES } from '../services/agents/actions/oauth-callback';
import { CLIENT, IDP_HOST, IDP_ORIGIN, oauthPetsAgent } from '../services/agents/actions/oauth-fixtures';
import { loadActionToken } from '../services/agents/actions/oauth-tokens';
import { useConfig, CUSTOM_ENDPOINT_CONFIG } from '../services/chat/testing/routes';
import { escapeHtml } from '../services/share/html';
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

/** A flow as a run opens it, and the browser's trip through the provider: the callback's path. */
async function signInTrip(idp: MockOAuthServer, userId: string, actionId: string, flowActionId = actionId) {
  const state = randomSecret();
  const verifier = randomSecret();
  const redirectUri = oauthRedirectUri('http://app.test', flowActionId);
  const flow: OAuthFlow = {
    userId,
    actionId: flowActionId,
    conversationId: crypto.randomUUID(),
    verifier,
    redirectUri,
    expiresAt: Date.now() + 60_000,
  };
  await env.CONFIG.put(oauthFlowKey(await sha256Url(state)), JSON.stringify(flow));
  const authorize = new URL(`${IDP_ORIGIN}/authorize`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: await sha256Url(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const back = new URL((await idp.handler(new Request(authorize))).headers.get('location') ?? '');
  return { path: `/api/actions/${actionId}/oauth/callback${back.search}`, state };
}

async function page(path: string) {
  const res = await callApp(path, {}, VARS);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('GET /api/actions/{action_id}/oauth/callback', () => {
  it.each(['default_post', 'basic_auth_header'] as const)(
    'exchanges the code (%s), seals the tokens for the flow’s user, and says the tab may close',
    async (method) => {
      const { user, actionId } = await oauthPetsAgent(method);
      const idp = stubIdp(method);
      const { path } = await signInTrip(idp, user.id, actionId);
      const answer = await page(path);
      expect(answer.status).toBe(200);
      expect(answer.type).toBe('text/html; charset=utf-8');
      expect(answer.text).toContain('You may close this tab');
      expect(idp.grants).toEqual(['authorization_code']);
      const stored = await loadActionToken(keysEnv, user.id, actionId);
      expect(stored?.accessToken).toBe(idp.issued[0]);
      expect(stored?.refreshToken).toMatch(/^rt-1-/);
      expect(stored?.expiresAt).toBeGreaterThan(Date.now());
      for (const secret of [CLIENT.clientSecret, idp.issued[0]!, stored!.refreshToken!])
        expect(answer.text).not.toContain(secret);
      // Sealed at rest: the table holds no token in the clear.
      const rows = await env.DB.prepare('SELECT value FROM user_keys WHERE userId = ?')
        .bind(user.id)
        .all<{ value: string }>();
      expect(rows.results).toHaveLength(2);
      expect(JSON.stringify(rows.results)).not.toContain(idp.issued[0]!);
    },
  );

  it('a state works once: the second visit is refused and stores nothing new', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const { path } = await signInTrip(idp, user.id, actionId);
    expect((await page(path)).status).toBe(200);
    const again = await page(path);
    expect(again.status).toBe(400);
    expect(again.text).toContain(escapeHtml(SIGN_IN_MESSAGES.expired));
    expect(idp.grants).toEqual(['authorization_code']);
  });

  it('refuses an unknown state, a missing one, and a state made for another action (which it uses up)', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const other = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    expect((await page(`/api/actions/${actionId}/oauth/callback?code=x&state=${randomSecret()}`)).status).toBe(400);
    const missing = await page(`/api/actions/${actionId}/oauth/callback?code=x`);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain(SIGN_IN_MESSAGES.invalid);
    // A state of the other action's flow, brought to this action's callback.
    const { path } = await signInTrip(idp, user.id, actionId, other.actionId);
    const wrong = await page(path);
    expect(wrong.status).toBe(400);
    expect(idp.grants).toEqual([]);
    expect(await loadActionToken(keysEnv, user.id, actionId)).toBeNull();
    const retried = await page(path.replace(actionId, other.actionId));
    expect(retried.status).toBe(400);
  });

  it('binds the tokens to the user whose run made the state, whoever opens the link', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const { user: stranger } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const { path } = await signInTrip(idp, user.id, actionId);
    // No credentials at all: the callback is a navigation from the provider's site.
    expect((await page(path)).status).toBe(200);
    expect((await loadActionToken(keysEnv, user.id, actionId))?.accessToken).toBe(idp.issued[0]);
    expect(await loadActionToken(keysEnv, stranger.id, actionId)).toBeNull();
  });

  it('an expired flow, a refusal at the provider, and a failed exchange each answer a plain page without secrets', async () => {
    const { user, actionId } = await oauthPetsAgent();
    const idp = stubIdp('default_post');
    const state = randomSecret();
    const flow: OAuthFlow = {
      userId: user.id,
      actionId,
      conversationId: 'c',
      verifier: 'v',
      redirectUri: 'x',
      expiresAt: Date.now() - 1,
    };
    await env.CONFIG.put(oauthFlowKey(await sha256Url(state)), JSON.stringify(flow));
    expect((await page(`/api/actions/${actionId}/oauth/callback?code=c&state=${state}`)).status).toBe(400);

    const refused = await signInTrip(idp, user.id, actionId);
    const denied = await page(`/api/actions/${actionId}/oauth/callback?error=access_denied&state=${refused.state}`);
    expect(denied.status).toBe(400);
    expect(denied.text).toContain(escapeHtml(SIGN_IN_MESSAGES.refused));

    // The provider refuses the code (wrong verifier): its body echoes the secret, the page must not.
    const { path } = await signInTrip(idp, user.id, actionId);
    const broken = new URL(`http://app.test${path}`);
    broken.searchParams.set('code', 'code-unknown');
    const failed = await page(broken.pathname + broken.search);
    expect(failed.status).toBe(502);
    expect(failed.text).toContain('The token endpoint answered HTTP 400');
    expect(failed.text).not.toContain(CLIENT.clientSecret);
    expect(failed.text).not.toMatch(/at |Error:/);
  });
});
