import type { SocialProvider, StartupConfig } from '@contract/config';

const ENABLED_FLAG: Record<SocialProvider, keyof StartupConfig> = {
  openid: 'openidLoginEnabled',
  github: 'githubLoginEnabled',
  google: 'googleLoginEnabled',
  discord: 'discordLoginEnabled',
  facebook: 'facebookLoginEnabled',
  apple: 'appleLoginEnabled',
};

/** The providers to offer, in the configured order, when social login is on. */
export function enabledSocialProviders(config: StartupConfig): SocialProvider[] {
  if (!config.socialLoginEnabled) return [];
  return [...new Set(config.socialLogins)].filter((provider) => config[ENABLED_FLAG[provider]] === true);
}
