import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createToolRuntime, runTool } from '../../../agent-tools';
import { requestToken, sha256Url, type OAuthActionConfig } from '../../../agent-tools/actions/oauth';
import type { NetworkPolicy, ToolContext, ToolSpec } from '../../../agent-tools/types';
import { petsHandler } from '../../../test/mock-tools/action-handler';
import { handlerFetch } from '../../../test/mock-tools/handler-fetch';
import { bearerGuard, mockOAuthServer, type MockOAuthServer } from '../../../test/mock-tools/oauth-server';
import { TEST_CREDS } from '../../../test/two-factor-helpers';
import {
  CLIENT,
  IDP_HOST,
  IDP_ORIGIN,
  LIST_PETS,
  OAUTH_PETS_HOST,
  OAUTH_PETS_ORIGIN,
  oauthPetsAgent,
} from './oauth-fixtures';
import { openVerifier } from './oauth-seal';
import { loadActionToken, saveActionToken } from './oauth-tokens';
import { resolveActionTools } from './resolve';
import { testRun } from './test-helpers';

const network: NetworkPolicy = { allowedDomains: null, privateHosts: [IDP_HOST, OAUTH_PETS_HOST], dnsResolver: null };
const keysEnv = { ...TEST_CREDS, DB: env.DB };

function world(method: 'default_post' | 'basic_auth_header' = 'default_post', refuseRefresh = false) {
  const idp = mockOAuthServer({ ...CLIENT, method, refuseRefresh });
  const net = handlerFetch({ [IDP_ORIGIN]: idp.handler, [OAUTH_PETS_ORIGIN]: bearerGuard(idp, petsHandler()) });
  return { idp, net, outbound: { fetch: net.fetch, resolve: async () => [] } };
}

/** Signs in at the mock as a browser would, and answers the tokens the code is exchanged for. */
async function tokensFrom(idp: MockOAuthServer, config: OAuthActionConfig, fetch: typeof globalThis.fetch) {
  const verifier = 'v'.repeat(43);
  const authorize = new URL(config.authorizationUrl);
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    state: 's',
    code_challenge: await sha256Url(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const location = (await idp.handler(new Request(authorize))).headers.get('location') ?? '';
  const code = new URL(location).searchParams.get('code') ?? '';
  const grant = {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: config.redirectUri,
  } as const;
  const token = await requestToken(fetch, config, grant);
  if (typeof token === 'string') throw new Error(token);
  return token;
}

async function call(spec: ToolSpec, outbound: ReturnType<typeof world>['outbound'], signIn?: ToolContext['signIn']) {
  const signal = new AbortController().signal;
  const runtime = createToolRuntime({ network, outbound, mcpServers: [], signal });
  const context: ToolContext = { signal, userId: 'u', conversationId: 'c', network, ...(signIn ? { signIn } : {}) };
  return runTool(spec, {}, context, runtime);
}

function oauthOf(spec: ToolSpec | undefined) {
  if (spec?.exec.kind !== 'action' || spec.exec.auth.type !== 'oauth') throw new Error('not an OAuth action');
  return spec.exec.auth;
}

describe('OAuth actions at resolution', () => {
  it('without a token: the spec carries the client settings, waits for sign-in, and says so when none comes', async () => {
    const { user, agentId, actionId } = await oauthPetsAgent();
    const { outbound, net } = world();
    const run = testRun(user.id, { network, outbound, waitMs: 1234 });
    const [spec] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
    const auth = oauthOf(spec);
    expect(auth).toMatchObject({ accessToken: null, expired: false });
    expect(auth.config).toEqual({
      ...CLIENT,
      authorizationUrl: `${IDP_ORIGIN}/authorize`,
      tokenUrl: `${IDP_ORIGIN}/token`,
      scope: 'pets.read',
      exchangeMethod: 'default_post',
      redirectUri: `https://chat.example.com/api/actions/${actionId}/oauth/callback`,
      waitMs: 1234,
      pkce: { challenge: expect.stringMatching(/^[\w-]{43}$/), sealedVerifier: expect.stringMatching(/^v1\./) },
    });
    // The run gets the S256 challenge of a verifier it never sees: only the worker opens it.
    const verifier = await openVerifier(TEST_CREDS, user.id, actionId, auth.config.pkce!.sealedVerifier);
    expect(await sha256Url(verifier!)).toBe(auth.config.pkce!.challenge);
    expect(await openVerifier(TEST_CREDS, user.id, 'another', auth.config.pkce!.sealedVerifier)).toBeNull();
    // The wait for the user counts on top of the request's own time.
    expect(spec?.timeoutMs).toBe(30_000 + 1234);
    const asked: string[] = [];
    const result = await call(spec!, outbound, async (id) => {
      asked.push(id);
      return null;
    });
    expect(asked).toEqual([actionId]);
    expect(result).toEqual({
      isError: true,
      output: `Error processing tool ${LIST_PETS}: No access token found. Please log in first.`,
    });
    expect(net.requests).toEqual([]);
  });

  it('a token handed over by the sign-in is sent as the bearer', async () => {
    const { user, agentId } = await oauthPetsAgent();
    const { idp, outbound } = world();
    const [spec] = await resolveActionTools(
      TEST_CREDS,
      env.DB,
      agentId,
      [LIST_PETS],
      testRun(user.id, { network, outbound }),
    );
    const token = await tokensFrom(idp, oauthOf(spec).config, outbound.fetch);
    const result = await call(spec!, outbound, async () => token.accessToken);
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.output)).toMatchObject({ limit: null });
  });

  it.each(['default_post', 'basic_auth_header'] as const)(
    'a stored live token is used at once; an expired one is refreshed first and stored again (%s)',
    async (method) => {
      const { user, agentId, actionId } = await oauthPetsAgent(method);
      const { idp, outbound, net } = world(method);
      const run = testRun(user.id, { network, outbound });
      const [first] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
      const token = await tokensFrom(idp, oauthOf(first).config, outbound.fetch);
      await saveActionToken(keysEnv, user.id, actionId, token);

      const [live] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
      expect(oauthOf(live).accessToken).toBe(token.accessToken);
      expect(live?.timeoutMs).toBe(30_000);
      expect((await call(live!, outbound)).isError).toBe(false);

      await saveActionToken(keysEnv, user.id, actionId, { ...token, expiresAt: Date.now() - 1000 });
      const [refreshed] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
      expect(idp.grants).toEqual(['authorization_code', 'refresh_token']);
      const fresh = idp.issued[1];
      expect(oauthOf(refreshed).accessToken).toBe(fresh);
      expect((await loadActionToken(keysEnv, user.id, actionId))?.accessToken).toBe(fresh);
      const result = await call(refreshed!, outbound);
      expect(result.isError).toBe(false);
      expect(net.seen.at(-1)?.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    },
  );

  it.each([
    ['no refresh token', false, true],
    ['a refused refresh', true, false],
  ])(
    'an expired token with %s: the call says to sign in again, and the token is forgotten',
    async (_, refuse, dropRefresh) => {
      const { user, agentId, actionId } = await oauthPetsAgent();
      const { idp, outbound, net } = world('default_post', refuse);
      const run = testRun(user.id, { network, outbound });
      const [first] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
      const token = await tokensFrom(idp, oauthOf(first).config, outbound.fetch);
      // The refresh token is stored apart: without one, only the access token is written.
      const expired = { ...token, expiresAt: Date.now() - 1000, ...(dropRefresh ? { refreshToken: null } : {}) };
      await saveActionToken(keysEnv, `${user.id}`, actionId, expired);
      if (dropRefresh)
        await env.DB.prepare('DELETE FROM user_keys WHERE userId = ? AND name LIKE ?').bind(user.id, '%:refresh').run();

      const [spec] = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
      expect(oauthOf(spec)).toMatchObject({ accessToken: null, expired: true });
      const before = net.requests.length;
      const result = await call(spec!, outbound, async () => 'never asked');
      expect(result).toEqual({
        isError: true,
        output: `Error processing tool ${LIST_PETS}: Access token is expired. Please re-login.`,
      });
      expect(net.requests.length).toBe(before);
      expect(await loadActionToken(keysEnv, user.id, actionId)).toBeNull();
    },
  );

  it('a failed exchange answers a sentence, never the server’s body', async () => {
    const { user, agentId } = await oauthPetsAgent();
    const { outbound } = world();
    const [spec] = await resolveActionTools(
      TEST_CREDS,
      env.DB,
      agentId,
      [LIST_PETS],
      testRun(user.id, { network, outbound }),
    );
    const config = { ...oauthOf(spec).config, clientId: 'wrong-client' };
    const answer = await requestToken(outbound.fetch, config, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
    });
    expect(answer).toBe('The token endpoint answered HTTP 401');
  });
});
