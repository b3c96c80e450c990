import type { Language } from '../../contract/languages';
import {
  CHAT_PAGE_PREFIX,
  PRELOADABLE_CHUNK,
  ROUTE_PRELOADS_PATH,
  type RoutePreloads,
} from '../../contract/route-preloads';

/**
 * The chat page's chunks as the build listed them (web/route-preloads-plugin.ts), read once per
 * assets binding: a deployment's assets never change under a running Worker. Anything
 * unexpected (no list in a build without it, a malformed one) means no preloads, never a broken
 * page: they only make the page faster.
 */
const listsByAssets = new WeakMap<Fetcher, Promise<RoutePreloads>>();
const NONE: RoutePreloads = { chat: [], catalogues: {} };

/** Only built chunk paths: nothing else may be written into a page's <head>. */
const chunkPaths = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.filter((path): path is string => typeof path === 'string' && PRELOADABLE_CHUNK.test(path))
    : [];

async function readPreloads(assets: Fetcher, origin: string): Promise<RoutePreloads> {
  try {
    const response = await assets.fetch(new URL(ROUTE_PRELOADS_PATH, origin));
    if (!response.ok) return NONE;
    const body = (await response.json()) as Partial<RoutePreloads> | null;
    const catalogues = typeof body?.catalogues === 'object' && body.catalogues !== null ? body.catalogues : {};
    return {
      chat: chunkPaths(body?.chat),
      catalogues: Object.fromEntries(
        Object.entries(catalogues).map(([language, list]) => [language, chunkPaths(list)]),
      ),
    };
  } catch {
    return NONE;
  }
}

function preloadsOf(assets: Fetcher, origin: string): Promise<RoutePreloads> {
  let list = listsByAssets.get(assets);
  if (!list) {
    list = readPreloads(assets, origin);
    listsByAssets.set(assets, list);
  }
  return list;
}

/** `/c/new`, `/c/{id}`: the pages that render the chat screen. */
export const isChatPage = (path: string): boolean => path.startsWith(CHAT_PAGE_PREFIX);

/**
 * The SPA's page with `<link rel="modulepreload">` at the end of <head> for each of the chat
 * screen's chunks and for its string catalogues in `language` (the one the page will pick:
 * the `lang` cookie, else the browser's languages), so the browser fetches them while the entry
 * downloads instead of after the router has matched and the code naming them has run. Same
 * attributes as the build's own preloads (crossorigin), so the module loader reuses them.
 */
export async function withChatPreloads(
  page: Response,
  assets: Fetcher,
  origin: string,
  language: Language,
): Promise<Response> {
  const { chat, catalogues } = await preloadsOf(assets, origin);
  const chunks = [...new Set([...chat, ...(catalogues[language] ?? [])])];
  if (chunks.length === 0) return page;
  const links = chunks.map((path) => `<link rel="modulepreload" crossorigin href="${path}">`).join('');
  const rewritten = new HTMLRewriter()
    .on('head', {
      element(head) {
        head.append(links, { html: true });
      },
    })
    .transform(page);
  // The assets layer's ETag names the page as built, not this copy, which also depends on the
  // visitor's language: without it a revalidation is answered in full, never with a 304 that
  // would keep a copy made for another language.
  const response = new Response(rewritten.body, rewritten);
  response.headers.delete('etag');
  response.headers.append('vary', 'Cookie, Accept-Language');
  return response;
}
