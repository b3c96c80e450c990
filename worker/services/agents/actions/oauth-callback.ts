/**
 * The end of an OAuth action's sign-in: the identity provider sends the browser back with a code
 * and the state the run made. The state is the only binding (a top-level navigation from
 * another site carries no bearer token): it is looked up by its hash, used once, and must name
 * this action and be unexpired. The code is exchanged at the action's token URL through the
 * guarded fetch, the tokens are sealed for the flow's user, and the waiting run is handed the
 * access token. Failures are sentences for the page, never a server's body or a stack.
 */
import { oauthFlowKey, requestToken, sha256Url, type OAuthFlow } from '../../../agent-tools/actions/oauth';
import { createGuardedFetch } from '../../../agent-tools/net/guarded-fetch';
import { findAction } from '../../../db/actions';
import type { Env } from '../../../env';
import { log } from '../../../logging/logger';
import { conversationStub } from '../../chat/conversation-access';
import { loadAppConfig } from '../../config/store';
import { toolNetworkPolicy, toolOutbound } from '../tool-network';
import { storedMetadata } from './metadata';
import { oauthConfigOf } from './oauth-auth';
import { saveActionToken } from './oauth-tokens';

export type SignInOutcome = { ok: true } | { ok: false; status: 400 | 404 | 502; message: string };

export const SIGN_IN_MESSAGES = {
  invalid: 'This sign-in link is not valid.',
  expired: 'This sign-in link has expired or was already used. Run the action again from the chat to get a new one.',
  refused: 'The sign-in was not completed: the site did not grant access.',
  gone: 'This action no longer exists or no longer signs in with OAuth.',
} as const;

function parseFlow(text: string): OAuthFlow | null {
  try {
    const flow = JSON.parse(text) as Partial<OAuthFlow>;
    const fields = [flow.userId, flow.actionId, flow.conversationId, flow.verifier, flow.redirectUri];
    return fields.every((field) => typeof field === 'string') && typeof flow.expiresAt === 'number'
      ? (flow as OAuthFlow)
      : null;
  } catch {
    return null;
  }
}

/** Uses the flow of `state` (once) and answers what the page says. */
export async function completeActionSignIn(
  env: Env,
  actionId: string,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
): Promise<SignInOutcome> {
  if (!query.state || query.state.length > 256) return { ok: false, status: 400, message: SIGN_IN_MESSAGES.invalid };
  const key = oauthFlowKey(await sha256Url(query.state));
  const stored = await env.CONFIG.get(key);
  if (stored === null) return { ok: false, status: 400, message: SIGN_IN_MESSAGES.expired };
  // Single use: gone before anything else happens, whatever the outcome.
  await env.CONFIG.delete(key);
  const flow = parseFlow(stored);
  if (!flow || flow.actionId !== actionId || flow.expiresAt <= Date.now())
    return { ok: false, status: 400, message: SIGN_IN_MESSAGES.expired };
  if (query.error || !query.code) return { ok: false, status: 400, message: SIGN_IN_MESSAGES.refused };

  const row = await findAction(env.DB, actionId);
  const metadata = row ? storedMetadata(row) : null;
  if (!row || metadata?.auth?.type !== 'oauth') return { ok: false, status: 404, message: SIGN_IN_MESSAGES.gone };
  const config = await oauthConfigOf(env, row, metadata, '');
  if (typeof config === 'string') return { ok: false, status: 404, message: SIGN_IN_MESSAGES.gone };
  const policy = toolNetworkPolicy(env, await loadAppConfig(env));
  const token = await requestToken(createGuardedFetch(policy, toolOutbound(policy)), config, {
    grant_type: 'authorization_code',
    code: query.code,
    code_verifier: flow.verifier,
    redirect_uri: flow.redirectUri,
  });
  if (typeof token === 'string') {
    log.warn('action_oauth_exchange_failed', { actionId, reason: token });
    return { ok: false, status: 502, message: `The sign-in could not be completed. ${token}.` };
  }
  await saveActionToken(env, flow.userId, actionId, token);
  try {
    await conversationStub(env, flow.conversationId).actionSignedIn(flow.userId, actionId, token.accessToken);
  } catch (error) {
    // The tokens are stored: the next run uses them even if this one could not be told.
    log.warn('action_oauth_notify_failed', { actionId, error: String(error) });
  }
  return { ok: true };
}
