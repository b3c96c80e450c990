/**
 * Chromium for the e2e specs: Debian's /usr/bin/chromium (CHROMIUM_PATH overrides) driven by
 * playwright-core, which never downloads a browser of its own.
 */
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `extraArgs` adds Chromium switches for one spec (a fake microphone, say). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A browser with an on-disk profile, for what Chromium refuses a throwaway profile (an ordinary
 * context counts as incognito): judging the app installable. `userDataDir` must be empty.
 */
export async function launchPersistentProfile(
  userDataDir: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}.`);
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

const inFlight = new WeakMap<BrowserContext, Map<Request, number>>();

/** A fresh browser profile (cookies, localStorage) aimed at the app; it keeps track of its requests in flight. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  const pending = new Map<Request, number>();
  inFlight.set(context, pending);
  context.on('request', (request) => pending.set(request, Date.now()));
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('requestfailed', (request) => pending.delete(request));
  return context;
}

/**
 * The context's unanswered requests, for a failure message: when a navigation times out on a
 * slow machine, this says which response never came.
 */
export function describeRequestsInFlight(context: BrowserContext): string {
  const pending = [...(inFlight.get(context) ?? new Map<Request, number>())];
  if (pending.length === 0) return 'no request in flight';
  const now = Date.now();
  return pending
    .map(([request, startedAt]) => `${request.method()} ${request.url()} (${now - startedAt} ms)`)
    .join('; ');
}

/**
 * Records the paths the page's main frame shows, client-side (history API) navigations included,
 * so a spec can assert on a redirect that was passed through on the way.
 */
export function recordNavigations(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}
