import { Hono, type Context } from 'hono';
import { PUBLIC_PAGE_SLUGS, publicPagePath, type PublicPageSlug } from '../contract/public-page-slugs';
import type { AppEnv } from '../env';
import { handleNotFound } from '../middleware/errors';
import { DEFAULT_APP_TITLE } from '../services/startup-config';
import { buildPageView, loadPublicPages, servedLanguage } from '../services/public-pages/content';
import { visitorLanguage } from '../services/page-language/page-text';
import { matchPublicPage, storePublicPage } from '../services/public-pages/page-cache';
import { renderPublicPage } from '../services/public-pages/render';

/** Used when the SPA build is missing (tests, a Worker deployed without assets): still a page. */
const FALLBACK_SHELL =
  '<!doctype html><html lang="en-US"><head><meta charset="UTF-8"><title></title></head><body><div id="root"></div></body></html>';

/** The SPA shell (`/`: the assets binding answers `/index.html` with a redirect to `/`). */
async function fetchShell(c: Context<AppEnv>): Promise<Response> {
  const response = await c.env.ASSETS?.fetch(new Request(new URL('/', c.req.url))).catch(() => undefined);
  if (response?.ok && response.headers.get('content-type')?.includes('text/html')) return response;
  await response?.body?.cancel();
  return new Response(FALLBACK_SHELL, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

const languageSources = (c: Context<AppEnv>) => ({
  cookie: c.req.header('cookie'),
  acceptLanguage: c.req.header('accept-language'),
});

/**
 * Browsers and proxies may keep a copy but must revalidate it (`no-cache`): a push then shows
 * on the next visit. The language depends on the cookie and `Accept-Language`, so a shared
 * cache must not hand one visitor's language to another. The edge cache is ours, keyed by
 * page and language.
 */
const pageHeaders = (cacheState: 'hit' | 'miss') => ({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'public, no-cache',
  vary: 'Accept-Language, Cookie',
  'x-public-page-cache': cacheState,
});

async function servePage(c: Context<AppEnv>, slug: PublicPageSlug): Promise<Response> {
  const appTitle = c.env.APP_TITLE || DEFAULT_APP_TITLE;
  const origin = new URL(c.req.url).origin;
  const loaded = await loadPublicPages(c.env);
  const lang = servedLanguage(loaded, slug, languageSources(c));
  const language = visitorLanguage(languageSources(c));
  // The title is part of every page: renaming the app retires them as a push does.
  const version = `${loaded.version}|${appTitle}`;
  const cached = await matchPublicPage(origin, slug, lang, language, version);
  if (cached) return new Response(cached.body, { headers: pageHeaders('hit') });

  const view = buildPageView(loaded, slug, lang, appTitle, language);
  const shell = await fetchShell(c);
  const pageUrl = `${origin}${publicPagePath(slug)}`;
  const html = await renderPublicPage(shell, view, { appTitle, pageUrl, language }).text();
  c.executionCtx.waitUntil(storePublicPage(origin, slug, lang, language, version, html));
  return new Response(html, { headers: pageHeaders('miss') });
}

/**
 * `GET /about`, `/changelog`, … : the SPA shell server-rendered with the operator's page, so
 * link previews, search engines and visitors without script get it, edge-cached per page and
 * language. Mounted at the root, before the SPA's catch-all.
 */
export const publicPages = new Hono<AppEnv>();
for (const slug of PUBLIC_PAGE_SLUGS) publicPages.get(publicPagePath(slug), (c) => servePage(c, slug));

/**
 * `GET /api/pages/:slug`: the same page as JSON for the SPA's client-side navigation between
 * pages (a first visit reads it from the server-rendered page instead). Public, like the pages.
 */
export const publicPagesApi = new Hono<AppEnv>().get('/:slug', async (c) => {
  const slug = PUBLIC_PAGE_SLUGS.find((candidate) => candidate === c.req.param('slug'));
  if (!slug) return handleNotFound(c);
  const appTitle = c.env.APP_TITLE || DEFAULT_APP_TITLE;
  const loaded = await loadPublicPages(c.env);
  const sources = languageSources(c);
  const view = buildPageView(loaded, slug, servedLanguage(loaded, slug, sources), appTitle, visitorLanguage(sources));
  return c.json(view, 200, { 'cache-control': 'no-cache', vary: 'Accept-Language, Cookie' });
});
