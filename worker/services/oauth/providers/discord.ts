import type { EnvVars } from '../../../env';
import { OAUTH_ERRORS, OAuthError } from '../errors';
import { asRecord, fetchProviderJson, optionalString } from '../http';
import type { ProviderClient, SocialProfile, TokenSet } from './types';

/** Discord OAuth2: the account from /users/@me, whose `verified` flag covers its email. */
const API = 'https://discord.com/api/v10';

export async function discordProfile(tokens: TokenSet): Promise<SocialProfile> {
  const user = asRecord(
    await fetchProviderJson(
      `${API}/users/@me`,
      { headers: { authorization: `Bearer ${tokens.accessToken}` } },
      'discord user',
    ),
    'discord user',
  );
  const id = optionalString(user.id);
  // Snowflake ids are digits; anything else must not end up in a CDN URL below.
  if (!id || !/^\d{1,25}$/.test(id)) throw new OAuthError(OAUTH_ERRORS.failed, 'discord user: no id');
  const email = optionalString(user.email);
  const username = optionalString(user.username);
  const name = optionalString(user.global_name) ?? username;
  const avatarHash = optionalString(user.avatar);
  const avatar =
    avatarHash && /^(a_)?[0-9a-f]{32}$/.test(avatarHash)
      ? `https://cdn.discordapp.com/avatars/${id}/${avatarHash}.png`
      : undefined;
  return {
    providerId: id,
    emailVerified: email !== undefined && user.verified === true,
    ...(email ? { email } : {}),
    ...(name ? { name } : {}),
    ...(username ? { username } : {}),
    ...(avatar ? { avatar } : {}),
  };
}

export function discordClient(env: EnvVars): ProviderClient {
  const secret = env.DISCORD_CLIENT_SECRET ?? '';
  return {
    provider: 'discord',
    clientId: env.DISCORD_CLIENT_ID ?? '',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    tokenAuth: 'client_secret_post',
    clientSecret: () => Promise.resolve(secret),
    scope: 'identify email',
    pkce: true,
    nonce: false,
    profile: discordProfile,
  };
}
