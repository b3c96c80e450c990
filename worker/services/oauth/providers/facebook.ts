import type { EnvVars } from '../../../env';
import { OAUTH_ERRORS, OAuthError } from '../errors';
import { asRecord, fetchProviderJson, optionalString } from '../http';
import { httpsUrl } from './claims';
import type { ProviderClient, SocialProfile, TokenSet } from './types';

/**
 * Facebook Login (manual flow). The Graph API returns an email but no statement that it was
 * verified, so a Facebook email is treated as unverified: it never links to an existing
 * account, and an account it creates is marked unverified.
 */
export const GRAPH_VERSION = 'v23.0';
const GRAPH = `https://graph.facebook.com/${GRAPH_VERSION}`;

async function hmacHex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function facebookProfile(tokens: TokenSet, appSecret: string): Promise<SocialProfile> {
  const url = new URL(`${GRAPH}/me`);
  url.searchParams.set('fields', 'id,name,email,picture.type(large)');
  // appsecret_proof: required when the app enables "Require App Secret", harmless otherwise.
  url.searchParams.set('appsecret_proof', await hmacHex(appSecret, tokens.accessToken));
  const me = asRecord(
    await fetchProviderJson(
      url.toString(),
      { headers: { authorization: `Bearer ${tokens.accessToken}` } },
      'facebook me',
    ),
    'facebook me',
  );
  const id = optionalString(me.id);
  if (!id) throw new OAuthError(OAUTH_ERRORS.failed, 'facebook me: no id');
  const email = optionalString(me.email);
  const name = optionalString(me.name);
  const picture =
    typeof me.picture === 'object' && me.picture !== null ? (me.picture as Record<string, unknown>).data : undefined;
  const avatar =
    typeof picture === 'object' && picture !== null ? httpsUrl((picture as Record<string, unknown>).url) : undefined;
  return {
    providerId: id,
    emailVerified: false,
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
    ...(avatar ? { avatar } : {}),
  };
}

export function facebookClient(env: EnvVars): ProviderClient {
  const secret = env.FACEBOOK_CLIENT_SECRET ?? '';
  return {
    provider: 'facebook',
    clientId: env.FACEBOOK_CLIENT_ID ?? '',
    authorizationEndpoint: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    tokenEndpoint: `${GRAPH}/oauth/access_token`,
    tokenAuth: 'client_secret_post',
    clientSecret: () => Promise.resolve(secret),
    // Facebook documents comma-separated scopes.
    scope: 'public_profile,email',
    pkce: true,
    nonce: false,
    profile: (tokens) => facebookProfile(tokens, secret),
  };
}
