/**
 * The installable app's two well-known files, named by the Worker (which serves the manifest and
 * gives the service worker script its own policy) and by the web (which links and registers them).
 */

/** The service worker script, at the root so its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The web app manifest, answered by the Worker so its name follows APP_TITLE. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** The message the page posts to a waiting service worker when the user accepts the update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * The message the page posts once the worker is ready: the hashed files it loaded before the
 * worker controlled it (a first visit's lazy chunks, its language), for the worker to keep too.
 */
export const CACHE_ASSETS_MESSAGE = 'CACHE_ASSETS';

export interface CacheAssetsMessage {
  type: typeof CACHE_ASSETS_MESSAGE;
  paths: string[];
}
