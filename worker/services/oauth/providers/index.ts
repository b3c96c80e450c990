import type { SocialProvider } from '../../../contract/config';
import type { EnvVars } from '../../../env';
import { appleClient } from './apple';
import { discordClient } from './discord';
import { facebookClient } from './facebook';
import { githubClient } from './github';
import { googleClient } from './google';
import { openidClient } from './openid';
import type { ProviderClient } from './types';

export type { ProviderClient, SocialProfile, TokenSet } from './types';

/** The provider's client; the caller has checked it is configured (isSocialProviderConfigured). */
export async function providerClient(provider: SocialProvider, env: EnvVars): Promise<ProviderClient> {
  switch (provider) {
    case 'openid':
      return openidClient(env);
    case 'github':
      return githubClient(env);
    case 'google':
      return googleClient(env);
    case 'discord':
      return discordClient(env);
    case 'facebook':
      return facebookClient(env);
    case 'apple':
      return appleClient(env);
  }
}
