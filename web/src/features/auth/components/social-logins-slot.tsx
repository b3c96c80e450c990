import { lazy, Suspense } from 'react';
import type { StartupConfig } from '@contract/config';
import { enabledSocialProviders } from '../utils/social-providers';

// The buttons and brand icons load only for instances that offer social login.
const SocialLogins = lazy(() => import('./social-logins').then((module) => ({ default: module.SocialLogins })));

/** The social login buttons under the login and registration forms, when any provider is enabled. */
export function SocialLoginsSlot({ config }: { config: StartupConfig }) {
  if (enabledSocialProviders(config).length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SocialLogins config={config} />
    </Suspense>
  );
}
