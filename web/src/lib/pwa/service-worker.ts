import {
  CACHE_ASSETS_MESSAGE,
  type CacheAssetsMessage,
  SERVICE_WORKER_PATH,
  SKIP_WAITING_MESSAGE,
} from '@contract/pwa';

/**
 * The page's side of the service worker (web/src/sw): registering it, and noticing when a new
 * version has installed and waits to take over. That version is held here for the update prompt
 * (app/update-prompt.tsx), which subscribes like React's useSyncExternalStore expects.
 */

type Listener = () => void;

let waitingWorker: ServiceWorker | null = null;
/** Where the waiting version came from, and how to reload once it has taken over. */
let handover: { container: ServiceWorkerContainer; reload: () => void } | null = null;
const listeners = new Set<Listener>();

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The installed version waiting to take over, or null. */
export const waitingUpdate = (): ServiceWorker | null => waitingWorker;

function offer(worker: ServiceWorker): void {
  waitingWorker = worker;
  listeners.forEach((listener) => listener());
}

/**
 * Offers an update whenever a version finishes installing while another controls the page. A
 * first install (no controller) takes over by itself and is nothing to announce.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  reload: () => void = () => window.location.reload(),
): void {
  handover = { container, reload };
  // A version that installed on an earlier visit and is still waiting.
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
}

/**
 * Lets the waiting version take over, then reloads once it controls the page, so the page and
 * its files come from the same version. The reload waits for `controllerchange`: reloading at
 * once would still be served by the old version.
 */
export function applyUpdate(): void {
  if (!waitingWorker || !handover) return;
  const { container, reload } = handover;
  container.addEventListener('controllerchange', reload, { once: true });
  waitingWorker.postMessage(SKIP_WAITING_MESSAGE);
}

/** A tab left open for days still learns of a deploy: checked on return to it, at most hourly. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function checkWhenShown(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  });
}

/** Resource timing's account of the worker's static route (Chromium), where the browser has it. */
interface RoutedResourceTiming extends PerformanceResourceTiming {
  /** `network` when the route's cache had no copy and the browser fetched the file itself. */
  workerFinalSourceType?: string;
}

/**
 * A build file (`/assets/…`) of this origin that reached the page without the worker's caches:
 * loaded before the worker controlled the page, or missing from the caches its static route
 * reads (sw.ts ASSET_ROUTE), which then fetches it from the network without waking the worker.
 */
function missedAssetPath(entry: PerformanceEntry): string | null {
  if (entry.entryType !== 'resource') return null;
  const timing = entry as RoutedResourceTiming;
  if (timing.workerStart > 0 && timing.workerFinalSourceType !== 'network') return null;
  const url = new URL(entry.name);
  return url.origin === window.location.origin && url.pathname.startsWith('/assets/') ? url.pathname : null;
}

/**
 * Hands the worker the build's files this page loaded without it, now and as those still in
 * flight arrive: without this a first visit's lazy chunks would only be kept on the second, and
 * a file its static route missed would never be.
 */
function shareLoadedAssets(worker: ServiceWorker | null): void {
  if (!worker) return;
  const share = (entries: readonly PerformanceEntry[]) => {
    const paths = entries.map(missedAssetPath).filter((path): path is string => path !== null);
    const message: CacheAssetsMessage = { type: CACHE_ASSETS_MESSAGE, paths };
    if (paths.length > 0) worker.postMessage(message);
  };
  share(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => share(list.getEntries())).observe({ type: 'resource' });
}

/**
 * Registers the service worker once the page has loaded, so installing it (downloading the shell
 * again into its cache) never competes with the first render. Production builds only (main.tsx):
 * in development Vite serves unhashed modules the worker must not keep.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = () => {
    container
      .register(SERVICE_WORKER_PATH, { scope: '/' })
      .then((registration) => {
        watchForUpdates(registration, container);
        checkWhenShown(registration);
        return container.ready.then((ready) => shareLoadedAssets(ready.active));
      })
      .catch((error: unknown) => {
        // The app works the same without it, only without the cache and the offline page.
        console.warn(JSON.stringify({ level: 'warn', event: 'service_worker_unavailable', reason: String(error) }));
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
