import { paths } from '@/config/paths';

/** Where to go after signing in: a route of this app, or a same-origin URL loaded in full. */
export type RedirectTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

const DEFAULT_PATH = paths.chat.newConversation.getHref();
const DEFAULT_TARGET: RedirectTarget = { kind: 'internal', to: DEFAULT_PATH };

/**
 * Reads a `redirect` query value. Absolute http(s) URLs cause a full page load and are only
 * followed on this origin; in-app paths must start with a single slash (`//host` and `/\host`
 * are protocol-relative elsewhere). Anything else, `false` included, means /c/new.
 */
export function resolveRedirectTarget(value: string | null, origin = window.location.origin): RedirectTarget {
  if (!value) return DEFAULT_TARGET;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      return url.origin === origin ? { kind: 'external', href: url.href } : DEFAULT_TARGET;
    } catch {
      return DEFAULT_TARGET;
    }
  }
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'))
    return { kind: 'internal', to: value };
  return DEFAULT_TARGET;
}

/** /login, carrying the page the visitor wanted unless that is the default destination. */
export function loginHrefFor(wanted: string): string {
  const login = paths.auth.login.getHref();
  if (wanted === DEFAULT_PATH || wanted === paths.root.getHref() || wanted.startsWith(login)) return login;
  return `${login}?${new URLSearchParams({ redirect: wanted }).toString()}`;
}
