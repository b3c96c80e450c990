/**
 * The page the service worker answers a navigation with when the network is gone. Built by the
 * worker itself for the URL asked for, so it needs no cache and no script: its button submits a
 * GET form back to that same URL (path and query), which is the retry.
 */

export interface OfflineStrings {
  title: string;
  body: string;
  retry: string;
}

/** Language code → the page's strings, taken from the locales at build time (web/pwa-plugin.ts). */
export type OfflineStringTable = Readonly<Record<string, OfflineStrings>>;

export const OFFLINE_FALLBACK_LANGUAGE = 'en-US';

/** Scripts written right to left, by base language. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb']);

/**
 * The table's language closest to the first of `requested` it has (exact code, then same base
 * language), else en-US. `requested` is the user's chosen language first, then the browser's.
 */
export function pickOfflineLanguage(table: OfflineStringTable, requested: readonly string[]): string {
  const codes = Object.keys(table);
  for (const wanted of requested.map((code) => code.trim().toLowerCase()).filter(Boolean)) {
    const exact = codes.find((code) => code.toLowerCase() === wanted);
    if (exact) return exact;
    const base = wanted.split('-')[0];
    const sameBase = codes.find((code) => code.toLowerCase().split('-')[0] === base);
    if (sameBase) return sameBase;
  }
  return OFFLINE_FALLBACK_LANGUAGE;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Colours of the app's theme (web/src/index.css): light, and dark when the system prefers it. */
export const OFFLINE_PAGE_STYLE = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#212121;--muted:#5d5d5d;--accent:#047857;--focus:#0f9a77}
@media (prefers-color-scheme:dark){:root{--bg:#0d0d0d;--fg:#ececec;--muted:#b4b4b4;--focus:#19c37d}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}
main{max-width:28rem;padding:1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{color:var(--muted);margin:0 0 1.5rem}
button{font:inherit;font-weight:600;color:#fff;background:var(--accent);border:0;border-radius:.75rem;padding:.625rem 1.25rem;cursor:pointer}
button:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
`.trim();

export function renderOfflinePage(url: URL, language: string, strings: OfflineStrings): string {
  const direction = RIGHT_TO_LEFT.has(language.toLowerCase().split('-')[0] ?? '') ? 'rtl' : 'ltr';
  const hiddenFields = [...url.searchParams]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${direction}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(strings.title)}</title><style>${OFFLINE_PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(strings.title)}</h1><p>${escapeHtml(strings.body)}</p>
<form method="get" action="${escapeHtml(url.pathname)}">${hiddenFields}<button type="submit">${escapeHtml(strings.retry)}</button></form></main></body>
</html>`;
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * The offline page as a response. Its policy allows its one style element and a form back to
 * the app, nothing else; it is never stored, so a retry always asks the network again.
 */
export async function offlineResponse(url: URL, language: string, strings: OfflineStrings): Promise<Response> {
  const csp = [
    "default-src 'none'",
    `style-src ${await sha256Source(OFFLINE_PAGE_STYLE)}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return new Response(renderOfflinePage(url, language, strings), {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
    },
  });
}
