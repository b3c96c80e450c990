/**
 * The auth of an OAuth action for one user's run: the client's settings opened from the
 * action's metadata, and the user's token when a usable one is stored. An expired token with a
 * refresh token is refreshed here, through the guarded fetch, before the run starts (and stored
 * again); one that cannot be refreshed is forgotten, and the run's calls answer that it expired.
 */
import type { ActionAuth } from '../../../agent-tools/actions/auth';
import {
  isTokenLive,
  randomSecret,
  requestToken,
  sha256Url,
  type OAuthActionConfig,
  type TokenExchangeMethod,
} from '../../../agent-tools/actions/oauth';
import { createGuardedFetch, type OutboundDeps } from '../../../agent-tools/net/guarded-fetch';
import type { NetworkPolicy } from '../../../agent-tools/types';
import type { ActionRow } from '../../../db/actions';
import type { UserKeysEnv } from '../../user-keys/store';
import { openActionSecret, type StoredActionMetadata } from './metadata';
import { sealVerifier } from './oauth-seal';
import { dropActionToken, loadActionToken, saveActionToken } from './oauth-tokens';

/** How long a call waits for the user to sign in before it gives up. */
export const SIGN_IN_WAIT_MS = 3 * 60_000;

/** Who the run is for and where its requests may go. */
export interface OAuthRunContext {
  userId: string;
  /** DOMAIN_SERVER, or the request's origin: where the sign-in comes back to. */
  serverOrigin: string;
  network: NetworkPolicy;
  outbound: OutboundDeps;
  /** Shorter in tests. */
  waitMs?: number;
}

export const oauthRedirectUri = (serverOrigin: string, actionId: string): string =>
  `${serverOrigin.replace(/\/+$/, '')}/api/actions/${encodeURIComponent(actionId)}/oauth/callback`;

function httpUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The client's settings of an OAuth action, or a sentence saying what is missing. */
export async function oauthConfigOf(
  env: Pick<UserKeysEnv, 'CREDS_KEY'>,
  row: ActionRow,
  metadata: StoredActionMetadata,
  serverOrigin: string,
  waitMs = SIGN_IN_WAIT_MS,
): Promise<OAuthActionConfig | string> {
  const authorizationUrl = httpUrl(metadata.auth?.authorization_url);
  const tokenUrl = httpUrl(metadata.auth?.client_url);
  if (!authorizationUrl || !tokenUrl)
    return 'The action’s OAuth authorization URL or token URL is missing or not valid';
  const clientId = await openActionSecret(env, row.action_id, metadata, 'oauth_client_id');
  if (!clientId) return 'The action’s OAuth client ID is missing';
  const method: TokenExchangeMethod =
    metadata.auth?.token_exchange_method === 'basic_auth_header' ? 'basic_auth_header' : 'default_post';
  return {
    clientId,
    clientSecret: (await openActionSecret(env, row.action_id, metadata, 'oauth_client_secret')) ?? '',
    authorizationUrl,
    tokenUrl,
    scope: metadata.auth?.scope ?? '',
    exchangeMethod: method,
    redirectUri: oauthRedirectUri(serverOrigin, row.action_id),
    waitMs,
    pkce: null,
  };
}

export async function oauthAuthOf(
  env: UserKeysEnv,
  row: ActionRow,
  metadata: StoredActionMetadata,
  run: OAuthRunContext,
): Promise<ActionAuth> {
  const config = await oauthConfigOf(env, row, metadata, run.serverOrigin, run.waitMs);
  if (typeof config === 'string') return { type: 'unavailable', reason: config };
  const token = await loadActionToken(env, run.userId, row.action_id);
  if (!token) {
    // The run may ask the user to sign in: it gets the challenge, and the verifier only sealed.
    const verifier = randomSecret();
    const pkce = {
      challenge: await sha256Url(verifier),
      sealedVerifier: await sealVerifier(env, run.userId, row.action_id, verifier),
    };
    return { type: 'oauth', config: { ...config, pkce }, accessToken: null, expired: false };
  }
  if (isTokenLive(token)) return { type: 'oauth', config, accessToken: token.accessToken, expired: false };
  if (token.refreshToken !== null) {
    const fetch = createGuardedFetch(run.network, run.outbound);
    const fresh = await requestToken(fetch, config, { grant_type: 'refresh_token', refresh_token: token.refreshToken });
    if (typeof fresh !== 'string') {
      await saveActionToken(env, run.userId, row.action_id, fresh);
      return { type: 'oauth', config, accessToken: fresh.accessToken, expired: false };
    }
  }
  await dropActionToken(env, run.userId, row.action_id);
  return { type: 'oauth', config, accessToken: null, expired: true };
}
