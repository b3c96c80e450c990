import {
  CHAT_PAGE_PREFIX,
  PRELOADABLE_CHUNK,
  ROUTE_PRELOADS_PATH,
  type RoutePreloads,
} from '../../contract/route-preloads';

/**
 * The chat screen's chunks as the build listed them (web/route-preloads-plugin.ts), read once
 * per assets binding: a deployment's assets never change under a running Worker. Anything
 * unexpected (no list in a build without it, a malformed one) means no preloads, never a
 * broken page: they only make the page faster.
 */
const listsByAssets = new WeakMap<Fetcher, Promise<readonly string[]>>();

async function readChatChunks(assets: Fetcher, origin: string): Promise<readonly string[]> {
  try {
    const response = await assets.fetch(new URL(ROUTE_PRELOADS_PATH, origin));
    if (!response.ok) return [];
    const list = ((await response.json()) as Partial<RoutePreloads>).chat;
    return Array.isArray(list)
      ? list.filter((path): path is string => typeof path === 'string' && PRELOADABLE_CHUNK.test(path))
      : [];
  } catch {
    return [];
  }
}

function chatChunks(assets: Fetcher, origin: string): Promise<readonly string[]> {
  let list = listsByAssets.get(assets);
  if (!list) {
    list = readChatChunks(assets, origin);
    listsByAssets.set(assets, list);
  }
  return list;
}

/** `/c/new`, `/c/{id}`: the pages that render the chat screen. */
export const isChatPage = (path: string): boolean => path.startsWith(CHAT_PAGE_PREFIX);

/**
 * The SPA's page with `<link rel="modulepreload">` for each of the chat screen's chunks at the
 * end of <head>, so the browser fetches them while the entry downloads instead of after the
 * router has matched. Same attributes as the build's own preloads (crossorigin), so the module
 * loader reuses the responses.
 */
export async function withChatPreloads(page: Response, assets: Fetcher, origin: string): Promise<Response> {
  const chunks = await chatChunks(assets, origin);
  if (chunks.length === 0) return page;
  const links = chunks.map((path) => `<link rel="modulepreload" crossorigin href="${path}">`).join('');
  return new HTMLRewriter()
    .on('head', {
      element(head) {
        head.append(links, { html: true });
      },
    })
    .transform(page);
}
