/**
 * The service worker (served as /sw.js; built by web/pwa-plugin.ts into one classic script).
 * It keeps the app shell of its version and the hashed files the app has used, so a repeat
 * visit starts without waiting on the network; it never stores the API's answers or anything
 * else of a user's (routing.ts), and answers a navigation with the offline page when the
 * network is gone. A new version waits until the page asks it to take over (the update prompt).
 */
import { CACHE_ASSETS_MESSAGE, SKIP_WAITING_MESSAGE } from '@contract/pwa';
import { offlineResponse, type OfflineStringTable, pickOfflineLanguage } from './offline-page';
import { HASHED_ASSET_PREFIX, routeFor } from './routing';
import { cacheFirst, MAX_RUNTIME_ASSETS, networkFirst, precache } from './strategies';
import type { ServiceWorkerScope, StaticRoute } from './sw-scope';

// Written into the script by the build (web/pwa-plugin.ts).
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: readonly string[];
declare const __SW_OFFLINE_STRINGS__: OfflineStringTable;

const scope = self as unknown as ServiceWorkerScope;
/** Named once: the build writes the table where this name stands. */
const OFFLINE_STRINGS = __SW_OFFLINE_STRINGS__;

const SHELL_CACHE_PREFIX = 'edgechat-shell-';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_VERSION__}`;
/** Shared by every version: the files in it are immutable by name. */
const RUNTIME_CACHE = 'edgechat-assets';
/** The shell's document: every app page is this same HTML (the Worker answers `/` with it). */
const SHELL_URL = '/';
/**
 * The hashed files straight from the caches, by the browser itself where it can (static
 * routing): the fetch handler below would answer them the same way, but only after the browser
 * has dispatched each request to this script and it has answered, which costs an opening page
 * tens of milliseconds. A file not cached yet comes from the network, and the page hands it to
 * the worker to keep (lib/pwa/service-worker.ts).
 */
const ASSET_ROUTE: StaticRoute = {
  condition: { urlPattern: `${HASHED_ASSET_PREFIX}*`, requestMethod: 'GET' },
  source: 'cache',
};
/** How long a navigation waits on the network before the cached shell is served instead. */
const SLOW_NETWORK_MS = 4000;

scope.addEventListener('install', (event) => {
  event.waitUntil(precache(caches, SHELL_CACHE, __SW_PRECACHE__, scope.location.origin, (request) => fetch(request)));
  // A browser that refuses the rule still has the fetch handler: the install must not fail for it.
  if (event.addRoutes) event.waitUntil(event.addRoutes(ASSET_ROUTE).catch(() => undefined));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((n) => caches.delete(n)),
      );
      // The navigation's request starts while the worker boots, not after.
      await scope.registration.navigationPreload?.enable();
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void scope.skipWaiting();
  const paths = assetsToKeep(event.data);
  if (paths.length > 0) event.waitUntil(keepAssets(paths));
});

/** The build's files a page asks the worker to keep; anything else in the message is ignored. */
function assetsToKeep(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== CACHE_ASSETS_MESSAGE) return [];
  const paths = 'paths' in data && Array.isArray(data.paths) ? (data.paths as unknown[]) : [];
  return paths
    .filter((path): path is string => typeof path === 'string')
    .slice(0, MAX_RUNTIME_ASSETS)
    .filter((path) => routeFor(new Request(new URL(path, scope.location.origin)), scope.location.origin) === 'asset');
}

/** Fetched through the HTTP cache, where the page's own loads left them: no download again. */
async function keepAssets(paths: readonly string[]): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const defer = (work: Promise<unknown>) => pending.push(work);
  await Promise.all(
    paths.map((path) =>
      cacheFirst(new Request(new URL(path, scope.location.origin)), caches, RUNTIME_CACHE, (r) => fetch(r), defer)
        .then((response) => response.body?.cancel())
        .catch(() => undefined),
    ),
  );
  await Promise.all(pending);
}

/** The user's choice (the app's `lang` cookie) first, then the browser's languages. */
async function requestedLanguages(): Promise<string[]> {
  const chosen = await scope.cookieStore?.get('lang').catch(() => null);
  const languages = [...scope.navigator.languages];
  return chosen?.value && chosen.value !== 'auto' ? [chosen.value, ...languages] : languages;
}

async function offlinePage(url: URL): Promise<Response> {
  const language = pickOfflineLanguage(OFFLINE_STRINGS, await requestedLanguages());
  const strings = OFFLINE_STRINGS[language] ?? OFFLINE_STRINGS['en-US'];
  if (!strings) throw new Error('The build wrote no en-US offline strings');
  return offlineResponse(url, language, strings);
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeFor(request, scope.location.origin);
  if (route === 'passthrough') return;
  const defer = (work: Promise<unknown>) => event.waitUntil(work);
  if (route === 'asset') {
    event.respondWith(cacheFirst(request, caches, RUNTIME_CACHE, (r) => fetch(r), defer));
    return;
  }
  const network = (async () => (await event.preloadResponse) ?? fetch(request))();
  const url = new URL(request.url);
  const shell = route === 'app-page' ? async () => (await caches.open(SHELL_CACHE)).match(SHELL_URL) : undefined;
  event.respondWith(networkFirst(network, { shell, offline: () => offlinePage(url) }, SLOW_NETWORK_MS));
});
