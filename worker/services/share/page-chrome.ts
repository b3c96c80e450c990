import type { Language } from '../../contract/languages';
import { pageText } from '../page-language/page-text';
import { escapeHtml } from './html';

/*
 * The frame around the server-rendered share page: a bar with the app's logo and title and the
 * way into the app, and the not-found body. The SPA draws the same frame when it takes the page
 * over (web/src/features/share/components/share-page-frame.tsx), so the words are those of its
 * share.json, in the visitor's language (page-language/page-text), and the two renderings look alike.
 */

/** The app's root: the chat for someone signed in, the sign-in page for anyone else. */
const APP_ROOT = '/';

/**
 * The app's logo, the mark of the sign-in pages (web/src/components/ui/logo-mark.tsx). Its
 * colour follows the theme's accent, with the light theme's value when the shell's CSS is missing.
 */
const LOGO_SVG = `<svg aria-hidden="true" viewBox="0 0 40 40" width="32" height="32" style="color:var(--ring-primary,#10a37f);flex:none">
<rect width="40" height="40" rx="11" fill="currentColor"/>
<path d="M12 14.5A3.5 3.5 0 0 1 15.5 11h9a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5H20l-4.6 4.1a.8.8 0 0 1-1.4-.6V24a3.5 3.5 0 0 1-2-3.2Z" fill="white"/>
<circle cx="16.5" cy="17.5" r="1.3" fill="currentColor"/><circle cx="20" cy="17.5" r="1.3" fill="currentColor"/><circle cx="23.5" cy="17.5" r="1.3" fill="currentColor"/>
</svg>`;

/**
 * The page's styles: the frame, and a readable plain rendering of the conversation. Plain CSS on the theme's variables rather than utility classes: the SPA's
 * stylesheet holds only the classes its own sources use. Sized like the SPA's frame, so the page
 * does not move when the SPA replaces this rendering.
 */
export const SHARE_PAGE_STYLE = `<style>
.share-bar{display:flex;align-items:center;gap:.75rem;height:3.5rem;padding:0 1rem;border-bottom:1px solid var(--border-light,#e5e5e5)}
.share-brand{display:flex;align-items:center;gap:.5rem;min-width:0;margin-inline-end:auto;color:inherit;text-decoration:none;font-weight:600;font-size:1.125rem;line-height:1.75rem}
.share-brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.share-start{flex:none;padding:.5rem 1rem;border-radius:.5rem;background:var(--surface-submit,#047857);color:#fff;font-size:.875rem;line-height:1.25rem;font-weight:500;text-decoration:none}
.share-static{max-width:48rem;margin:0 auto;padding:1rem}
.share-static h1,.share-missing h1{font-size:1.5rem;line-height:2rem;font-weight:600}
.share-static>p{margin-top:.25rem;padding-bottom:1rem;border-bottom:1px solid var(--border-light,#e5e5e5);color:var(--text-secondary,#5d5d5d);font-size:.875rem}
.share-message{padding:.75rem 0}
.share-sender{font-size:.875rem;line-height:1.75rem}
.share-text{line-height:1.75rem;overflow-wrap:anywhere}
.share-missing{max-width:32rem;margin:0 auto;padding:5.5rem 1rem 4rem;text-align:center}
.share-missing p{margin-top:.75rem;color:var(--text-secondary,#5d5d5d);line-height:1.5rem}
.share-missing .share-start{display:inline-block;margin-top:1.5rem}
</style>`;

/** The bar on top of every share page: logo and app title, and the link into the app. */
export function shareBar(appTitle: string, language: Language): string {
  const title = escapeHtml(appTitle);
  return `<header class="share-bar">
<a class="share-brand" href="${APP_ROOT}">${LOGO_SVG}<span>${title}</span></a>
<a class="share-start" href="${APP_ROOT}">${escapeHtml(pageText(language, 'com_ui_share_start_chatting'))}</a>
</header>`;
}

/** What an unknown, refreshed or deleted link shows under the bar. */
export function notFoundBody(language: Language): string {
  return `<main class="share-missing">
<h1>${escapeHtml(pageText(language, 'com_ui_shared_link_not_found'))}</h1>
<p>${escapeHtml(pageText(language, 'com_ui_shared_link_not_found_detail'))}</p>
<a class="share-start" href="${APP_ROOT}">${escapeHtml(pageText(language, 'com_ui_share_start_chatting'))}</a>
</main>`;
}
