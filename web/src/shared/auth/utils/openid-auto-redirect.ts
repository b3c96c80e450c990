import type { StartupConfig } from '@contract/config';

/**
 * `?redirect=false` on /login (after declining the terms, for instance) turns the OpenID
 * auto-redirect off for this browser until the next successful sign-in.
 */
const STORAGE_KEY = 'disableOpenIdAutoRedirect';

export function rememberAutoRedirectDisabled(): void {
  try {
    localStorage.setItem(STORAGE_KEY, 'true');
  } catch {
    // Storage can be unavailable (private mode); the flag then lasts for this page only.
  }
}

export function forgetAutoRedirectDisabled(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

export function isAutoRedirectDisabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The OpenID login URL to go to at once, or null when the page should show the login form. */
export function openIdAutoRedirectUrl(config: StartupConfig): string | null {
  if (!config.openidLoginEnabled || !config.openidAutoRedirect || !config.serverDomain) return null;
  return `${config.serverDomain}/oauth/openid`;
}
