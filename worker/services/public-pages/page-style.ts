import { CONTENT_CSS } from './content-style';

/** Must match SSR_HOST_ID in web/src/features/public-pages/lib/ssr-takeover.ts. */
export const PUBLIC_SSR_HOST_ID = 'public-page-ssr';

/**
 * Hides the SPA's #root while the server's rendering is on screen: React empties #root and
 * shows its loading spinner there while the page's chunk loads, a blank flash between two
 * renderings of the same page. The SPA's page removes the server's rendering when it draws.
 */
export const PUBLIC_TAKEOVER_STYLE = `<style>#${PUBLIC_SSR_HOST_ID}~#root{display:none}</style>`;

/**
 * The frame of the server-rendered page: the bar (brand, nav links, theme switch) and, below
 * 1024 px, a menu that opens without script (`<details>`). Plain CSS on the theme's variables,
 * sized like the SPA's header (web/src/features/public-pages/components/public-header.tsx) so
 * nothing moves when the SPA takes over.
 */
const FRAME_CSS = `.pp-bar{position:relative;display:flex;align-items:center;gap:.5rem;height:3.5rem;padding:0 1rem;border-bottom:1px solid var(--border-light,#e5e5e5)}
.pp-brand{display:flex;align-items:center;gap:.5rem;min-width:0;margin-inline-end:auto;color:inherit;text-decoration:none;font-weight:600;font-size:1.125rem;line-height:1.75rem}
.pp-brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pp-nav{display:none;align-items:center;gap:.25rem}
.pp-nav a,.pp-menu nav a{padding:.375rem .625rem;border-radius:.5rem;color:var(--text-secondary,#5d5d5d);font-size:.875rem;line-height:1.25rem;text-decoration:none;white-space:nowrap}
.pp-nav a[aria-current=page],.pp-menu nav a[aria-current=page]{color:var(--text-primary,#212121);font-weight:600}
.pp-theme{flex:none;display:flex;padding:.5rem;border:0;border-radius:9999px;background:none;color:var(--text-secondary,#5d5d5d)}
.pp-sun,.dark .pp-moon{display:none}
.dark .pp-sun{display:block}
.pp-menu summary{display:flex;list-style:none;padding:.5rem;border-radius:.5rem;cursor:pointer;color:var(--text-secondary,#5d5d5d)}
.pp-menu summary::-webkit-details-marker{display:none}
.pp-menu nav{position:absolute;top:3.5rem;left:0;right:0;z-index:10;display:flex;flex-direction:column;padding:.5rem 1rem;background:var(--surface-primary,#fff);border-bottom:1px solid var(--border-light,#e5e5e5)}
@media (min-width:1024px){.pp-nav{display:flex}.pp-menu{display:none}}`;

export const PUBLIC_PAGE_STYLE = `<style>${FRAME_CSS}\n${CONTENT_CSS}</style>`;

function innerCss(styleElement: string): string {
  return styleElement.replace(/^<style>/, '').replace(/<\/style>$/, '');
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

let hashes: readonly string[] | undefined;

/** The CSP sources of the page's two inline `<style>` elements: exactly these, no other. Computed once. */
export async function publicPageStyleHashes(): Promise<readonly string[]> {
  hashes ??= await Promise.all(
    [PUBLIC_PAGE_STYLE, PUBLIC_TAKEOVER_STYLE].map((style) => sha256Source(innerCss(style))),
  );
  return hashes;
}
