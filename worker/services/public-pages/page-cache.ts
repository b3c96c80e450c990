/**
 * The edge cache of rendered public pages (Cache API, `caches.default`): one entry per page,
 * content language and interface language, under an internal key no visitor's query string or header takes part in.
 *
 * Every entry records the content version it was rendered from (the push's `updatedAt`, which
 * the route reads from KV on each request), and is served only while that still matches: a push
 * retires every page in every data centre without a purge (within KV's own minute of caching).
 * `v2` changes when the rendering does; the TTL bounds how long a page keeps an old deploy's
 * shell, and so its old script names, after a deploy.
 */

const EDGE_TTL_SECONDS = 300;
const VERSION_HEADER = 'x-public-page-version';

function cacheKey(origin: string, slug: string, lang: string, language: string): Request {
  const path = [slug, lang, language].map(encodeURIComponent).join('/');
  return new Request(`${origin}/__public-page/v2/${path}`);
}

/** The cached page for this content version, or undefined. */
export async function matchPublicPage(
  origin: string,
  slug: string,
  lang: string,
  language: string,
  version: string,
): Promise<Response | undefined> {
  const cached = await caches.default.match(cacheKey(origin, slug, lang, language));
  if (!cached) return undefined;
  if (cached.headers.get(VERSION_HEADER) === version) return cached;
  await cached.body?.cancel();
  return undefined;
}

/** Stores a rendered page (HTML text) for this content version. */
export async function storePublicPage(
  origin: string,
  slug: string,
  lang: string,
  language: string,
  version: string,
  html: string,
): Promise<void> {
  const entry = new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': `public, max-age=${EDGE_TTL_SECONDS}`,
      [VERSION_HEADER]: version,
    },
  });
  await caches.default.put(cacheKey(origin, slug, lang, language), entry);
}
