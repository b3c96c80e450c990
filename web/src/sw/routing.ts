import { SERVICE_WORKER_PATH, WEB_MANIFEST_PATH } from '@contract/pwa';

/**
 * What the service worker does with a request:
 * - `passthrough`: nothing (no respondWith): the browser fetches it as if there were no worker.
 *   Everything that is data, per user or per session: the API, the health check, OAuth hand-offs
 *   fetched by script, the worker script itself and the manifest (so a rename shows at once).
 * - `asset`: the build's hashed files, immutable by name: cache first, stored when first used.
 * - `app-page`: a page the SPA's shell renders (`/c/…`, `/login`, the public pages, which it
 *   renders from /api/pages): network first, the cached shell if the network is slow, the
 *   offline page if it is gone.
 * - `server-page`: a page only the server can answer (share pages, OAuth callbacks): network
 *   only, never stored, the offline page if the network is gone.
 */
export type Route = 'passthrough' | 'asset' | 'app-page' | 'server-page';

/** Never answered by the worker, navigation or not: data, and the files that must stay fresh. */
const PASSTHROUGH_PREFIXES = ['/api/', '/health'];
const PASSTHROUGH_PATHS = new Set([SERVICE_WORKER_PATH, WEB_MANIFEST_PATH]);
/** Pages the server renders per request (a share link's conversation, a provider's callback). */
const SERVER_PAGE_PREFIXES = ['/share/', '/oauth/'];
/** Where the build puts its content-hashed files (web/vite.config.ts, web/head-scripts-plugin.ts). */
export const HASHED_ASSET_PREFIX = '/assets/';

export type RoutedRequest = Pick<Request, 'method' | 'url' | 'mode'>;

const startsWithAny = (path: string, prefixes: readonly string[]) => prefixes.some((prefix) => path.startsWith(prefix));

export function routeFor(request: RoutedRequest, origin: string): Route {
  if (request.method !== 'GET') return 'passthrough';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'passthrough';
  const path = url.pathname;
  if (startsWithAny(path, PASSTHROUGH_PREFIXES) || PASSTHROUGH_PATHS.has(path)) return 'passthrough';
  if (request.mode === 'navigate') return startsWithAny(path, SERVER_PAGE_PREFIXES) ? 'server-page' : 'app-page';
  if (path.startsWith(HASHED_ASSET_PREFIX)) return 'asset';
  return 'passthrough';
}

/**
 * Whether a response may go into the cache: a whole, successful, same-origin answer that its
 * server did not mark as one user's (`private`) or as not to be kept (`no-store`). The routes
 * above already keep every per-user request away; this is the second lock on the same door.
 */
export function isStorable(response: Pick<Response, 'status' | 'type' | 'redirected' | 'headers'>): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  const cacheControl = response.headers.get('cache-control')?.toLowerCase() ?? '';
  if (/(^|[\s,])(private|no-store)\b/.test(cacheControl)) return false;
  return response.headers.get('vary')?.trim() !== '*';
}
