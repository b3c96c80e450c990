import { SOCIAL_PROVIDERS, type SocialProvider } from '../contract/config';
import type { EnvVars } from '../env';

/**
 * Whether a social login provider has the credentials it needs. Names are LibreChat's, so an
 * operator's existing `.env` works unchanged.
 */
export function isSocialProviderConfigured(provider: SocialProvider, env: EnvVars): boolean {
  switch (provider) {
    case 'openid':
      return Boolean(env.OPENID_CLIENT_ID && env.OPENID_CLIENT_SECRET && env.OPENID_ISSUER);
    case 'github':
      return Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET);
    case 'google':
      return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
    case 'discord':
      return Boolean(env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET);
    case 'facebook':
      return Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET);
    case 'apple':
      return Boolean(env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY);
  }
}

/** The providers the config lists, in its order, that are known to this app. */
export function listedSocialProviders(socialLogins: readonly string[]): SocialProvider[] {
  const known: ReadonlySet<string> = new Set(SOCIAL_PROVIDERS);
  return socialLogins.filter((name): name is SocialProvider => known.has(name));
}
