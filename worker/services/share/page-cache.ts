import { type Language, SUPPORTED_LANGUAGES } from '../../contract/languages';

/**
 * The edge cache of rendered share pages (Cache API, `caches.default`).
 *
 * - One entry per share id and interface language, under an internal key
 *   (`{origin}/__share-page/v3/{shareId}/{language}`): nothing else of the visitor's request
 *   takes part, so the entries a purge deletes (every language's) are exactly the ones the
 *   link's visitors were served. `v3` changes when the rendering does, which retires every old
 *   entry at once.
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

function cacheKey(origin: string, shareId: string, language: Language): Request {
  return new Request(`${origin}/__share-page/v3/${encodeURIComponent(shareId)}/${language}`);
}

/** The cached page for this version of the link, or undefined (missing, or rendered from an older version). */
export async function matchSharePage(
  origin: string,
  shareId: string,
  language: Language,
  version: string,
): Promise<Response | undefined> {
  const cached = await caches.default.match(cacheKey(origin, shareId, language));
  if (!cached) return undefined;
  if (cached.headers.get(VERSION_HEADER) === version) return cached;
  await cached.body?.cancel();
  return undefined;
}

/** Stores a rendered page (HTML text) for this version of the link. */
export async function storeSharePage(
  origin: string,
  shareId: string,
  language: Language,
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
  await caches.default.put(cacheKey(origin, shareId, language), entry);
}

/** Removes the link's page, in every language, from this data centre's cache (refresh, delete, link gone). */
export async function purgeSharePage(origin: string, shareId: string): Promise<void> {
  await Promise.all(SUPPORTED_LANGUAGES.map((language) => caches.default.delete(cacheKey(origin, shareId, language))));
}
