/**
 * The parts of the service worker's global scope sw.ts uses. The web project compiles against
 * the DOM library, which has the page's side of service workers (registrations, caches) but not
 * the worker's own events; declaring these few here keeps the worker in the same project (its
 * routing is unit-tested with the web's tests) instead of a second one on the WebWorker library.
 */

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  /** The navigation's response when navigation preload is on, else undefined. */
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}

interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}

/**
 * A rule of the Static Routing API (Chromium 123 and later): requests it matches are answered by
 * the browser itself, from `source`, without starting or waking the worker.
 */
export interface StaticRoute {
  condition: { urlPattern: string; requestMethod?: string };
  /** `cache`: from whichever of the worker's caches holds it; on a miss, from the network. */
  source: 'cache' | 'network' | 'fetch-event';
}

interface InstallEvent extends ExtendableEvent {
  /** Absent in browsers without static routing, where the fetch handler answers everything. */
  addRoutes?(rules: StaticRoute | StaticRoute[]): Promise<void>;
}

interface ServiceWorkerEvents {
  install: InstallEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
  message: ExtendableMessageEvent;
}

export interface ServiceWorkerScope {
  readonly location: { readonly origin: string };
  readonly navigator: { readonly languages: readonly string[] };
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  /** The Cookie Store API (Chromium): the app's `lang` cookie, where the browser has it. */
  readonly cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof ServiceWorkerEvents>(
    type: K,
    listener: (event: ServiceWorkerEvents[K]) => void,
  ): void;
}
