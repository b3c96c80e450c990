import type { UrlTransform } from 'react-markdown';

/** Where a link in a message may lead. Everything else (javascript:, data:, relative) is text. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** Images may only come from the web: no data: or blob: payloads, no same-origin paths. */
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * The URL a message may use, normalised by the browser's own parser, or null. Parsing first
 * means obfuscations (`java\tscript:`, leading spaces, entity-encoded colons) are judged the
 * way the browser would resolve them, and the href we render is exactly the one we checked.
 * Relative and protocol-relative URLs have no base here, fail to parse, and are refused: a
 * model's link to "/api/…" should not act on this origin.
 */
export function safeUrl(value: string, allowed: ReadonlySet<string> = LINK_PROTOCOLS): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return allowed.has(url.protocol) ? url.href : null;
}

/** react-markdown's hook for every URL attribute (href, src, cite…) it is about to render. */
export const safeUrlTransform: UrlTransform = (value, key) =>
  safeUrl(value, key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS);
