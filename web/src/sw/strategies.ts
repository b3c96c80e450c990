import { isStorable } from './routing';

/**
 * How the service worker answers each kind of request (see routing.ts for which is which). The
 * cache storage, the network and the deferral of background work are passed in, so the unit
 * tests drive them without a browser.
 */

type Fetcher = (request: Request) => Promise<Response>;
/** Keeps the worker alive for work that need not delay the response (event.waitUntil). */
type Defer = (work: Promise<unknown>) => void;

/**
 * Hashed files of old versions pile up as the app is redeployed; past this many the oldest go.
 * The build has under two hundred files and a visitor uses a fraction of them.
 */
export const MAX_RUNTIME_ASSETS = 200;

async function trimOldest(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

/** A hashed file: from any of the worker's caches, else from the network and kept for next time. */
export async function cacheFirst(
  request: Request,
  storage: CacheStorage,
  runtimeCacheName: string,
  fetcher: Fetcher,
  defer: Defer,
): Promise<Response> {
  const cached = await storage.match(request);
  if (cached) return cached;
  const response = await fetcher(request);
  if (isStorable(response)) {
    const copy = response.clone();
    defer(
      storage.open(runtimeCacheName).then(async (cache) => {
        await cache.put(request, copy);
        await trimOldest(cache, MAX_RUNTIME_ASSETS);
      }),
    );
  }
  return response;
}

/**
 * Fetches and stores the app shell of this version: every URL must answer 200, or the install
 * fails and the version before it stays in charge. `no-cache` revalidates with the server, so a
 * copy the HTTP cache kept from an older deploy is never taken for this one.
 */
export async function precache(
  storage: CacheStorage,
  cacheName: string,
  paths: readonly string[],
  origin: string,
  fetcher: Fetcher,
): Promise<void> {
  const cache = await storage.open(cacheName);
  await Promise.all(
    paths.map(async (path) => {
      const request = new Request(new URL(path, origin), { cache: 'no-cache' });
      const response = await fetcher(request);
      if (!response.ok) throw new Error(`Precaching ${path} failed: ${response.status}`);
      if (isStorable(response)) await cache.put(request, response);
    }),
  );
}

export interface NavigationFallbacks {
  /** The cached shell, when the page is one the shell renders; undefined if there is none. */
  shell?: () => Promise<Response | undefined>;
  /** The offline page. */
  offline: () => Promise<Response>;
}

/**
 * Network first. When the network has not answered within `slowAfterMs` the cached shell (if
 * any) is served instead: it is the same document, and the app's own requests then take their
 * chances. When the network is gone the offline page is served, not the shell: nothing of the
 * user's is cached, so a shell started offline could only show failures.
 */
export async function networkFirst(
  network: Promise<Response>,
  fallbacks: NavigationFallbacks,
  slowAfterMs: number,
): Promise<Response> {
  const outcome = network.then(
    (response) => ({ response }),
    () => ({ response: undefined }),
  );
  if (fallbacks.shell) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), slowAfterMs);
    });
    const first = await Promise.race([outcome, late]);
    clearTimeout(timer);
    if (first === 'late') {
      const shell = await fallbacks.shell();
      if (shell) return shell;
    }
  }
  const { response } = await outcome;
  return response ?? fallbacks.offline();
}
