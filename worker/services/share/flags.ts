import type { EnvVars } from '../../env';
import { enabledUnlessFalse } from '../env-flags';

/** ALLOW_SHARED_LINKS (LibreChat's name): on unless set to false, as the startup config says. */
export function sharedLinksEnabled(env: EnvVars): boolean {
  return enabledUnlessFalse(env.ALLOW_SHARED_LINKS);
}

/** ALLOW_SHARED_LINKS_PUBLIC: whether a link opens without signing in (on unless false). */
export function publicSharedLinksEnabled(env: EnvVars): boolean {
  return sharedLinksEnabled(env) && enabledUnlessFalse(env.ALLOW_SHARED_LINKS_PUBLIC);
}
