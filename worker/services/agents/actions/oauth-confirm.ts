/**
 * The user's confirmation of a sign-in to an OAuth action, from the app's page the callback led
 * to. The flow is found by the hash of its state AND the caller's id (another user's flow is
 * "not found", untouched), and taken once (`received` → `done`) only with the nonce the callback
 * set in the browser that carried the code. Then the code is exchanged at the action's token URL
 * through the guarded fetch, the tokens are sealed for the caller, and the run waiting on the
 * call is handed the access token. Failures are HttpErrors whose status the page tells apart
 * (404, 409, 410, 400, 502) and whose sentence never holds a server's body or a stack.
 */
import { requestToken, sha256Url } from '../../../agent-tools/actions/oauth';
import { createGuardedFetch } from '../../../agent-tools/net/guarded-fetch';
import { claimActionOAuthFlow, findActionOAuthFlow, type ActionOAuthFlow } from '../../../db/action-oauth-flows';
import { findAction } from '../../../db/actions';
import type { ActionSignInConfirmResponse } from '../../../contract/action-sign-in';
import { ERROR_CODES } from '../../../contract/errors';
import type { Env } from '../../../env';
import { HttpError } from '../../../http-error';
import { log } from '../../../logging/logger';
import { conversationStub } from '../../chat/conversation-access';
import { loadAppConfig } from '../../config/store';
import { toolNetworkPolicy, toolOutbound } from '../tool-network';
import { storedMetadata } from './metadata';
import { oauthConfigOf } from './oauth-auth';
import { openCode, openVerifier } from './oauth-seal';
import { saveActionToken } from './oauth-tokens';

const CONFIRM_MESSAGES = {
  notFound: 'This sign-in was not found.',
  used: 'This sign-in was already used.',
  expired: 'This sign-in has expired.',
  notCompleted: 'This sign-in was not completed.',
  gone: 'This action no longer exists or no longer signs in with OAuth.',
} as const;

const notCompleted = () => new HttpError(400, CONFIRM_MESSAGES.notCompleted, ERROR_CODES.validation);

/** Why the caller could not take the flow; undefined (none of theirs) is "not found". */
function refusal(flow: ActionOAuthFlow | undefined, now: number): HttpError {
  if (!flow) return new HttpError(404, CONFIRM_MESSAGES.notFound, ERROR_CODES.notFound);
  if (flow.status === 'done') return new HttpError(409, CONFIRM_MESSAGES.used, ERROR_CODES.conflict);
  if (flow.expiresAt <= now) return new HttpError(410, CONFIRM_MESSAGES.expired);
  // Pending (the provider never sent the code), or received in another browser.
  return notCompleted();
}

export async function confirmActionSignIn(
  env: Env,
  userId: string,
  state: string,
  nonce: string | undefined,
  now = Date.now(),
): Promise<ActionSignInConfirmResponse> {
  const stateHash = await sha256Url(state);
  const flow = nonce
    ? await claimActionOAuthFlow(env.DB, { stateHash, userId, browserHash: await sha256Url(nonce) }, now)
    : undefined;
  if (!flow) throw refusal(await findActionOAuthFlow(env.DB, stateHash, userId), now);

  const [code, verifier] = await Promise.all([
    flow.code === null ? null : openCode(env, stateHash, flow.code),
    openVerifier(env, userId, flow.actionId, flow.verifier),
  ]);
  if (code === null || verifier === null) throw notCompleted();
  const row = await findAction(env.DB, flow.actionId);
  const metadata = row ? storedMetadata(row) : null;
  const config = row && metadata?.auth?.type === 'oauth' ? await oauthConfigOf(env, row, metadata, '') : null;
  if (!config || typeof config === 'string') throw new HttpError(404, CONFIRM_MESSAGES.gone, ERROR_CODES.notFound);

  const policy = toolNetworkPolicy(env, await loadAppConfig(env));
  const token = await requestToken(createGuardedFetch(policy, toolOutbound(policy)), config, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: flow.redirectUri,
  });
  if (typeof token === 'string') {
    log.warn('action_oauth_exchange_failed', { actionId: flow.actionId, reason: token });
    throw new HttpError(502, `The sign-in could not be completed. ${token}.`);
  }
  await saveActionToken(env, userId, flow.actionId, token);
  try {
    await conversationStub(env, flow.conversationId).actionSignedIn(userId, flow.actionId, token.accessToken);
  } catch (error) {
    // The tokens are stored: the next run uses them even if this one could not be told.
    log.warn('action_oauth_notify_failed', { actionId: flow.actionId, error: String(error) });
  }
  return { host: new URL(config.authorizationUrl).host, conversationId: flow.conversationId };
}
