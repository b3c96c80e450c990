import { SHARE_PAGE_STYLE } from './page-chrome';

/** Must match SSR_HOST_ID in web/src/features/share/lib/ssr-takeover.ts. */
export const SSR_HOST_ID = 'share-ssr';

/** Hides the SPA's #root while the server's rendering is on screen (routes/share-page.ts). */
export const TAKEOVER_STYLE = `<style>#${SSR_HOST_ID}~#root{display:none}</style>`;

function innerCss(styleElement: string): string {
  return styleElement.replace(/^<style>/, '').replace(/<\/style>$/, '');
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

let hashes: readonly string[] | undefined;

/**
 * The CSP sources of the share page's two inline `<style>` elements, so the page's policy
 * allows exactly these and no other inline style element. Constant text: computed once.
 */
export async function shareStyleHashes(): Promise<readonly string[]> {
  hashes ??= await Promise.all([SHARE_PAGE_STYLE, TAKEOVER_STYLE].map((style) => sha256Source(innerCss(style))));
  return hashes;
}
