/* Fixtures of the OAuth action tests: an agent whose pets action signs in at a mock identity provider, both on loopback. */
import { createAgentAs } from '../test-helpers';
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
