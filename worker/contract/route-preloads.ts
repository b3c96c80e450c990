/**
 * The chunks an app page needs before it can render, named by the web build and read by the
 * Worker. A page's lazy route chunks are otherwise discovered one boundary at a time (the entry
 * runs, the router matches, the route's chunk arrives and names its imports): on a long
 * conversation that chain, not the data, decided when the messages showed. The Worker lists them
 * in the page's <head> as `<link rel="modulepreload">`, so they download beside the entry.
 */

/** Where the build writes the list (outside /assets/: the name carries no hash). */
export const ROUTE_PRELOADS_PATH = '/route-preloads.json';

/** The pages with a list: the chat screen, /c/new and /c/{conversationId}. */
export const CHAT_PAGE_PREFIX = '/c/';

export interface RoutePreloads {
  /** Paths of the chat screen's JavaScript chunks (under /assets/), beyond the entry's own. */
  chat: string[];
  /**
   * By language: the string catalogues the chat page fetches in that language (the entry's and
   * the chat screen's), which its code names only once it has run.
   */
  catalogues: Partial<Record<string, string[]>>;
}

/** A built chunk's path: nothing else may be written into a page's <head>. */
export const PRELOADABLE_CHUNK = /^\/assets\/[\w.-]+\.js$/;
