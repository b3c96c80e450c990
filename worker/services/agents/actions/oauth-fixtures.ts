/* Fixtures of the OAuth action tests: an agent whose pets action signs in at a mock identity provider, both on loopback. */
import { env } from 'cloudflare:workers';
import { randomSecret, sha256Url } from '../../../agent-tools/actions/oauth';
import { openActionOAuthFlow } from '../../../db/action-oauth-flows';
import { TEST_CREDS } from '../../../test/two-factor-helpers';
import { createAgentAs } from '../test-helpers';
import { oauthRedirectUri } from './oauth-auth';
import { sealVerifier } from './oauth-seal';
import { createTestUser } from '../../../test/auth-helpers';
import type { MockOAuthOptions } from '../../../test/mock-tools/oauth-server';
import { actionBody, petsSpecAt, saveActionAs } from './test-helpers';

export const IDP_HOST = '127.0.0.1:8934';
export const IDP_ORIGIN = `http://${IDP_HOST}`;
export const OAUTH_PETS_HOST = '127.0.0.1:8935';
export const OAUTH_PETS_ORIGIN = `http://${OAUTH_PETS_HOST}`;
export const LIST_PETS = 'listPets_action_127---0---0---1';
export const CLIENT: Pick<MockOAuthOptions, 'clientId' | 'clientSecret'> = {
  clientId: 'pets-client',
  clientSecret: 'pets-client-secret-s3cr3t',
};

export async function oauthPetsAgent(method: MockOAuthOptions['method'] = 'default_post') {
  const user = await createTestUser();
  const agent = await createAgentAs(user);
  const saved = await saveActionAs(
    user,
    agent.id,
    actionBody({
      domain: '127.0.0.1',
      raw_spec: petsSpecAt(OAUTH_PETS_ORIGIN),
      auth: {
        type: 'oauth',
        authorization_url: `${IDP_ORIGIN}/authorize`,
        client_url: `${IDP_ORIGIN}/token`,
        scope: 'pets.read',
        token_exchange_method: method,
      },
      oauth_client_id: CLIENT.clientId,
      oauth_client_secret: CLIENT.clientSecret,
    }),
  );
  return { user, agentId: agent.id, actionId: saved.action.action_id };
}

/**
 * Opens a sign-in flow as a run does (the worker's sealed verifier, the hash of a fresh state)
 * and takes the browser through the provider: the callback's path (with code and state), the
 * state, and the flow's hash.
 */
export async function signInTrip(
  idp: { handler: (request: Request) => Response | Promise<Response> },
  userId: string,
  actionId: string,
  options: { flowActionId?: string; expiresAt?: number; conversationId?: string } = {},
) {
  const flowActionId = options.flowActionId ?? actionId;
  const state = randomSecret();
  const verifier = randomSecret();
  const redirectUri = oauthRedirectUri('http://app.test', flowActionId);
  const stateHash = await sha256Url(state);
  await openActionOAuthFlow(env.DB, {
    stateHash,
    userId,
    actionId: flowActionId,
    conversationId: options.conversationId ?? crypto.randomUUID(),
    redirectUri,
    verifier: await sealVerifier(TEST_CREDS, userId, flowActionId, verifier),
    expiresAt: options.expiresAt ?? Date.now() + 60_000,
  });
  const authorize = new URL(`${IDP_ORIGIN}/authorize`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: await sha256Url(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const back = new URL((await idp.handler(new Request(authorize))).headers.get('location') ?? '');
  return { path: `/api/actions/${actionId}/oauth/callback${back.search}`, state, stateHash };
}
