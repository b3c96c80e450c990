/**
 * How an action authenticates, resolved by the worker from the action's metadata and its stored
 * secret before a run, so the executor gets plain values. LibreChat's metadata writes these as
 * `auth.type` (`none`, `service_http`, `oauth`) with `authorization_type` (`bearer`, `basic`,
 * `custom` + `custom_auth_header`) and the key in `api_key`; `authFromMetadata` maps them.
 * OAuth carries what a call needs to sign the user in, and the user's access token when the
 * worker found a live one (see ./oauth-call.ts).
 */
import { isAuthHeaderName } from './headers';
import type { OAuthActionConfig } from './oauth';

export type ActionAuth =
  | { type: 'none' }
  | { type: 'bearer'; apiKey: string }
  | { type: 'basic'; apiKey: string }
  | { type: 'custom'; header: string; apiKey: string }
  /** `expired`: the user's token lapsed and could not be refreshed; a call says so instead of asking again. */
  | { type: 'oauth'; config: OAuthActionConfig; accessToken: string | null; expired: boolean }
  /** The action cannot sign in here (OAuth is not run yet, a key is missing): each call says why. */
  | { type: 'unavailable'; reason: string };

/** The header the auth adds to every request of the action, or null for none. */
export function authHeader(auth: ActionAuth): [string, string] | null {
  switch (auth.type) {
    case 'none':
    case 'unavailable':
      return null;
    case 'bearer':
      return ['Authorization', `Bearer ${auth.apiKey}`];
    case 'oauth':
      return auth.accessToken === null ? null : ['Authorization', `Bearer ${auth.accessToken}`];
    case 'basic':
      return ['Authorization', `Basic ${basicCredentials(auth.apiKey)}`];
    case 'custom':
      return [auth.header, auth.apiKey];
  }
}

/**
 * LibreChat sends a basic key as given, so users paste `base64(user:password)`. A key with a
 * colon cannot be base64 (its alphabet has none): it is the plain `user:password`, encoded here.
 */
function basicCredentials(apiKey: string): string {
  if (!apiKey.includes(':')) return apiKey;
  const bytes = new TextEncoder().encode(apiKey);
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

export interface LibreChatActionAuth {
  type?: string;
  authorization_type?: string;
  custom_auth_header?: string;
}

/** The auth of an action from LibreChat's metadata and its API key; a string says what is wrong. */
export function authFromMetadata(
  auth: LibreChatActionAuth | undefined,
  apiKey: string | undefined,
): ActionAuth | string {
  if (!auth || auth.type === undefined || auth.type === 'none') return { type: 'none' };
  if (auth.type !== 'service_http') return `Unsupported auth type: ${auth.type}`;
  if (!apiKey) return 'The action needs an API key';
  switch (auth.authorization_type) {
    case 'bearer':
      return { type: 'bearer', apiKey };
    case 'basic':
      return { type: 'basic', apiKey };
    case 'custom': {
      const header = auth.custom_auth_header?.trim() ?? '';
      if (!isAuthHeaderName(header)) return `The custom auth header "${header}" is not a header an action may set`;
      return { type: 'custom', header, apiKey };
    }
    default:
      return `Unsupported authorization type: ${String(auth.authorization_type)}`;
  }
}
