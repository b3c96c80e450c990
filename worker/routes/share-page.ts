import { Hono, type Context } from 'hono';
import { shareIdParamSchema } from '../contract/share';
import { findShareHead } from '../db/shares';
import type { AppEnv } from '../env';
import { visitorLanguage } from '../services/page-language/page-text';
import { DEFAULT_APP_TITLE } from '../services/startup-config';
import { publicSharedLinksEnabled, sharedLinksEnabled } from '../services/share/flags';
import { matchSharePage, purgeSharePage, storeSharePage } from '../services/share/page-cache';
import { renderNotFoundPage, renderSharePage } from '../services/share/render-page';
import { loadSharedConversation } from '../services/share/shared-conversation';
import { SSR_HOST_ID, TAKEOVER_STYLE } from '../services/share/style-hashes';

/** Used when the SPA build is missing (tests, a Worker deployed without assets): still a page. */
const FALLBACK_SHELL =
  '<!doctype html><html lang="en-US"><head><meta charset="UTF-8"><title></title></head><body><div id="root"></div></body></html>';

/**
 * Headers of every share page. Browsers and proxies may keep a copy but must revalidate it
 * (`no-cache`), so a deleted link is never shown from their caches either; the edge cache
 * below is ours and checked on every request. The security headers (the share page's CSP)
 * are added by middleware/security-headers.ts.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // The page speaks the visitor's language (the `lang` cookie, else Accept-Language).
  vary: 'Accept-Language, Cookie',
} as const;

/**
 * Keeps the server's rendering on screen until the SPA's page can replace it in one frame.
 * React empties #root when it starts and shows its loading spinner there while the page's
 * chunk loads: a blank flash between two renderings of the same page. So the rendering moves
 * beside #root, #root stays hidden (CSS, no script) while it is there, and the SPA's share
 * page removes it when it draws itself. Without JavaScript it simply stays.
 */
function keepUntilTakeover(rendered: Response): Response {
  return new HTMLRewriter()
    .on('head', {
      element: (element) => void element.append(TAKEOVER_STYLE, { html: true }),
    })
    .on('div#root', {
      element: (element) => {
        element.before(`<div id="${SSR_HOST_ID}">`, { html: true });
        element.after('</div><div id="root"></div>', { html: true });
        element.removeAndKeepContent();
      },
    })
    .transform(rendered);
}

/**
 * The SPA shell. `/` rather than `/index.html`: the assets binding answers `/index.html` with
 * a redirect to `/` under its default html_handling.
 */
async function fetchShell(c: Context<AppEnv>): Promise<Response> {
  const response = await c.env.ASSETS?.fetch(new Request(new URL('/', c.req.url))).catch(() => undefined);
  if (response?.ok && response.headers.get('content-type')?.includes('text/html')) return response;
  await response?.body?.cancel();
  return new Response(FALLBACK_SHELL, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function page(
  html: string | ReadableStream | null,
  status: number,
  cacheControl: string,
  cacheState?: 'hit' | 'miss',
): Response {
  return new Response(html, {
    status,
    headers: { ...PAGE_HEADERS, 'cache-control': cacheControl, ...(cacheState ? { 'x-share-cache': cacheState } : {}) },
  });
}

/**
 * `GET /share/{shareId}`, the public read-only page of a link: the SPA shell, server-rendered
 * with the conversation so the title, link previews and text are there before any script
 * runs, and edge-cached per link.
 */
export const sharePage = new Hono<AppEnv>().get('/:shareId', async (c) => {
  const appTitle = c.env.APP_TITLE || DEFAULT_APP_TITLE;
  const origin = new URL(c.req.url).origin;
  const language = visitorLanguage({ cookie: c.req.header('cookie'), acceptLanguage: c.req.header('accept-language') });
  const notFound = async () =>
    page(
      await keepUntilTakeover(renderNotFoundPage(await fetchShell(c), { appTitle, language })).text(),
      404,
      'no-store',
    );

  const parsed = shareIdParamSchema.safeParse(c.req.param());
  if (!parsed.success || !sharedLinksEnabled(c.env)) return notFound();
  const { shareId } = parsed.data;

  // Links only for signed-in users: the page cannot see the SPA's bearer token, so it serves
  // the bare shell and the SPA loads the conversation with its token. Nothing to cache.
  if (!publicSharedLinksEnabled(c.env)) {
    if (!(await findShareHead(c.env.DB, shareId))) return notFound();
    return page((await fetchShell(c)).body, 200, 'private, no-store');
  }

  const head = await findShareHead(c.env.DB, shareId);
  if (!head) {
    // Gone (deleted, refreshed, conversation deleted): make sure this edge forgets it too.
    await purgeSharePage(origin, shareId);
    return notFound();
  }
  const version = String(head.updatedAt);
  const cached = await matchSharePage(origin, shareId, language, version);
  if (cached) return page(cached.body, 200, 'public, no-cache', 'hit');

  const loaded = await loadSharedConversation(c.env, shareId);
  if (!loaded) return notFound();
  const html = await keepUntilTakeover(
    renderSharePage(await fetchShell(c), loaded.conversation, {
      appTitle,
      pageUrl: `${origin}/share/${encodeURIComponent(shareId)}`,
      language,
    }),
  ).text();
  c.executionCtx.waitUntil(storeSharePage(origin, shareId, language, String(loaded.head.updatedAt), html));
  return page(html, 200, 'public, no-cache', 'miss');
});
