/**
 * The edge cache of rendered share pages (Cache API, `caches.default`).
 *
 * - One entry per share id, under an internal key (`{origin}/__share-page/v2/{shareId}`): no
 *   query string or header of the visitor's request takes part, so the entry a purge deletes
 *   is exactly the one every visitor of that link was served. `v2` changes when the rendering
 *   does, which retires every old entry at once.
 * - Purged on refresh and delete. The Cache API only reaches the data centre the request ran
 *   in, and a conversation deleted (or renamed) elsewhere removes its link without passing
 *   here, so a purge alone cannot promise much: every hit is also checked against the link's
 *   head in D1 (two index lookups) and served only if the stored version still matches. The
 *   cache saves reading the messages and rendering the page, never the existence check.
 */

/** How long an edge copy may live; message edits (which do not change the version) show up within this. */
const EDGE_TTL_SECONDS = 300;
/** Internal: which head (`updatedAt` of link and conversation) a cached page was rendered from. */
const VERSION_HEADER = 'x-share-version';

function cacheKey(origin: string, shareId: string): Request {
  return new Request(`${origin}/__share-page/v2/${encodeURIComponent(shareId)}`);
}

/** The cached page for this version of the link, or undefined (missing, or rendered from an older version). */
export async function matchSharePage(origin: string, shareId: string, version: string): Promise<Response | undefined> {
  const cached = await caches.default.match(cacheKey(origin, shareId));
  if (!cached) return undefined;
  if (cached.headers.get(VERSION_HEADER) === version) return cached;
  await cached.body?.cancel();
  return undefined;
}

/** Stores a rendered page (HTML text) for this version of the link. */
export async function storeSharePage(origin: string, shareId: string, version: string, html: string): Promise<void> {
  const entry = new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': `public, max-age=${EDGE_TTL_SECONDS}`,
      [VERSION_HEADER]: version,
    },
  });
  await caches.default.put(cacheKey(origin, shareId), entry);
}

/** Removes the link's page from this data centre's cache (refresh, delete, link gone). */
export async function purgeSharePage(origin: string, shareId: string): Promise<void> {
  await caches.default.delete(cacheKey(origin, shareId));
}
