/**
 * Where the identity provider sends the browser back after a sign-in to an OAuth action. The
 * request is a navigation from another site and carries no bearer token, so it proves nothing
 * about who is signed in here: it only records the (sealed) code on the pending flow of its
 * state, with the hash of a fresh nonce that the route sets as a cookie in this browser. Tokens
 * are made later, by the confirmation of the user who opened the flow, from this browser. Its
 * outcome says nothing about whose flow it was.
 */
import { randomSecret, sha256Url } from '../../../agent-tools/actions/oauth';
import { closeActionOAuthFlow, recordActionOAuthCode } from '../../../db/action-oauth-flows';
import type { Env } from '../../../env';
import { sealCode } from './oauth-seal';

/** Where the callback sends the browser: the app's page, with the state on success. */
export type CallbackOutcome =
  { kind: 'received'; stateHash: string; nonce: string } | { kind: 'refused' } | { kind: 'invalid' };

const MAX_STATE = 256;
const MAX_CODE = 4_096;

export async function recordActionSignIn(
  env: Pick<Env, 'DB' | 'CREDS_KEY'>,
  actionId: string,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
): Promise<CallbackOutcome> {
  const { state, code } = query;
  if (!state || state.length > MAX_STATE) return { kind: 'invalid' };
  const stateHash = await sha256Url(state);
  if (query.error || !code || code.length > MAX_CODE) {
    // The provider did not grant access: that flow cannot be completed any more.
    await closeActionOAuthFlow(env.DB, stateHash, actionId);
    return { kind: 'refused' };
  }
  const nonce = randomSecret();
  const recorded = await recordActionOAuthCode(env.DB, {
    stateHash,
    actionId,
    code: await sealCode(env, stateHash, code),
    browserHash: await sha256Url(nonce),
  });
  return recorded ? { kind: 'received', stateHash, nonce } : { kind: 'invalid' };
}
