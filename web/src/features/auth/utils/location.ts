/**
 * Full page loads, kept in one module so tests can replace them (jsdom cannot navigate).
 * Used for the post-2FA reload, OpenID auto-redirect and same-origin absolute redirects.
 */
export function assignLocation(href: string): void {
  window.location.assign(href);
}
