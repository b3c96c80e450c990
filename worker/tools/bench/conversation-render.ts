/**
 * Time to render a 1,000-message conversation in Chromium: from the navigation to
 * /c/{conversationId} (the document's time origin) until the branch's last message is visible
 * in the viewport, which is where the chat screen opens (at the bottom, virtualised).
 *
 * Steps: start the app and register a user; stop it and seed the conversation into its D1;
 * start it again on the same state; sign in in a browser context; one warm-up visit (the
 * SPA's chunks reach the HTTP cache, the Worker and D1 warm up), then `runs` visits, each in
 * a new page of that context, so the figure is a returning user opening a long chat.
 *
 * A short conversation (CONTROL_MESSAGES) is seeded beside it and visited in turn with it, so
 * both see the machine in the same state: the difference is what the length itself costs, and
 * the short one's time is what opening a conversation costs whatever its length.
 *
 * The moment is recorded inside the page, on every animation frame, rather than by timing
 * `page.waitForSelector` from Node: Playwright polls that with a back-off of up to 500 ms,
 * which would swamp the figure.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../../web/e2e/browser';
import { withBenchApp } from './bench-app';
import { newBenchAccount, registerInContext, signInInContext } from './browser-session';
import { seedLongConversation, type SeededConversation } from './long-conversation';
import { measureScroll, type ScrollFigure } from './scroll-smoothness';
import { median } from './stats';

export interface ConversationRenderFigure {
  messages: number;
  runs: number;
  /** Median ms from navigation start to the last message visible. */
  medianMs: number;
  /** The same for the short conversation, visited in turn with the long one. */
  control: { messages: number; medianMs: number };
  /** Where that time goes: the median of each step's moment over the same runs. */
  milestones: Milestones;
  /** Scrolling up through it once it is open and settled (scroll-smoothness.ts). */
  scroll: ScrollFigure;
}

/**
 * The steps the last message waits for, each as ms from navigation start (NaN when the page made
 * no such request): the entry chunk has arrived (React, the router), the session is restored
 * (the refresh answer carries the access token the messages need), the messages are asked for
 * and have arrived. What follows the last is the chat screen's render.
 */
export interface Milestones {
  entryLoaded: number;
  sessionRestored: number;
  messagesRequested: number;
  messagesArrived: number;
}

/** What the page's resource timing says of one request. */
export interface LoadedResource {
  /** Path and query. */
  path: string;
  startTime: number;
  responseEnd: number;
}

/** The milestones of one visit, from its resource timing and the path of its entry chunk. */
export function milestonesOf(
  resources: readonly LoadedResource[],
  entryPath: string,
  conversationId: string,
): Milestones {
  const find = (path: string) => resources.find((resource) => resource.path === path);
  const refresh = resources.find((resource) => new URL(resource.path, 'http://page').pathname === '/api/auth/refresh');
  // The page asks for the messages with the session (`?messages=`), or after it.
  const messages =
    find(`/api/messages/${conversationId}`) ?? find(`/api/auth/refresh?messages=${encodeURIComponent(conversationId)}`);
  return {
    entryLoaded: find(entryPath)?.responseEnd ?? Number.NaN,
    sessionRestored: refresh?.responseEnd ?? Number.NaN,
    messagesRequested: messages?.startTime ?? Number.NaN,
    messagesArrived: messages?.responseEnd ?? Number.NaN,
  };
}

/** The page's entry chunk (the document's module script) and every request it made, as LoadedResource. */
const READ_RESOURCES = `({
  entryPath: new URL(document.querySelector('script[type="module"][src]')?.src ?? '/', location.href).pathname,
  resources: performance.getEntriesByType('resource').map((entry) => {
    const url = new URL(entry.name);
    return { path: url.pathname + url.search, startTime: entry.startTime, responseEnd: entry.responseEnd };
  }),
})`;

const MESSAGES = 1_000;
const CONTROL_MESSAGES = 50;
/** Far beyond any acceptable render; long enough for a slow, busy machine. */
const RENDER_TIMEOUT_MS = 30_000;
/** Where the page script leaves the time (performance.now()) the awaited message was first visible. */
const VISIBLE_AT = '__benchLastMessageVisibleAt';
/** What the page script logs at that moment. */
const VISIBLE_MESSAGE = 'bench: the last message is visible';

/**
 * The page script, added before any of the app's: checks once per animation frame (before that
 * frame paints) whether `[data-message-id=<id>]` has a box that intersects the viewport and is
 * not visibility:hidden, and records performance.now() the first time it does (then says so on
 * the console).
 */
function visibilityRecorder(messageId: string): string {
  return `(() => {
  if (window.top !== window) return;
  const selector = '[data-message-id="' + CSS.escape(${JSON.stringify(messageId)}) + '"]';
  const check = () => {
    const element = document.querySelector(selector);
    if (element) {
      const box = element.getBoundingClientRect();
      const inViewport = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      if (inViewport && getComputedStyle(element).visibility !== 'hidden') {
        window.${VISIBLE_AT} = performance.now();
        console.debug(${JSON.stringify(VISIBLE_MESSAGE)});
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

/** Says what the page showed instead, so a timeout explains itself. */
async function describeTimeout(page: Page, route: string, selector: string): Promise<string> {
  const url = page.url();
  const state = await page
    .evaluate(
      `({ messages: document.querySelectorAll('[data-message-id]').length, last: document.querySelector(${JSON.stringify(selector)}) !== null })`,
    )
    .catch(() => undefined);
  const seen = state as { messages: number; last: boolean } | undefined;
  return (
    `Timed out after ${RENDER_TIMEOUT_MS / 1000} s waiting for the last message, ${selector}, to be visible in the viewport of ${route} ` +
    `(the chat screen renders each message with data-message-id and opens scrolled to the bottom). ` +
    `The page is at ${url}` +
    (seen
      ? `; it has ${seen.messages} [data-message-id] elements and the last message is ${seen.last ? 'in the DOM but not in view' : 'not in the DOM'}.`
      : '.')
  );
}

/**
 * Opens `route` in `page` and resolves with the ms from navigation start until `messageId` is in
 * view (and, read after that, the page's requests, for the milestones).
 */
export async function timeToMessageVisible(
  page: Page,
  route: string,
  messageId: string,
): Promise<{ ms: number; entryPath: string; resources: LoadedResource[] }> {
  const selector = `[data-message-id="${messageId}"]`;
  await page.addInitScript({ content: visibilityRecorder(messageId) });
  // Told by a console message, not by polling the page: Playwright's waitForFunction first
  // evaluates its own injected script in the page, tens of milliseconds of the main thread in
  // the middle of the load being timed (a user's browser runs no such script).
  const visible = page.waitForEvent('console', {
    predicate: (message) => message.text() === VISIBLE_MESSAGE,
    timeout: RENDER_TIMEOUT_MS,
  });
  // Awaited below; marked handled so a failed navigation does not leave it to reject unheard.
  visible.catch(() => undefined);
  await page.goto(route, { waitUntil: 'commit' });
  try {
    await visible;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new Error(await describeTimeout(page, route, selector));
    throw error;
  }
  const landed = new URL(page.url()).pathname;
  if (landed !== route) throw new Error(`Rendering ${route}: the page ended on ${landed} instead.`);
  const ms = await page.evaluate(`window.${VISIBLE_AT}`);
  if (typeof ms !== 'number') throw new Error(`Rendering ${route}: the page recorded no time (${String(ms)}).`);
  const { entryPath, resources } = (await page.evaluate(READ_RESOURCES)) as {
    entryPath: string;
    resources: LoadedResource[];
  };
  return { ms, entryPath, resources };
}

/** One line saying where the median visit's time went, printed beside the bench's table. */
export function describeMilestones(figure: Pick<ConversationRenderFigure, 'runs' | 'medianMs' | 'milestones'>): string {
  const at = (ms: number) => `${ms.toFixed(0)} ms`;
  const { entryLoaded, sessionRestored, messagesRequested, messagesArrived } = figure.milestones;
  return (
    `(conversation-render, medians of ${figure.runs} visits, ms from navigation: entry chunk loaded ${at(entryLoaded)}, ` +
    `session restored ${at(sessionRestored)}, messages asked ${at(messagesRequested)} and arrived ${at(messagesArrived)}, ` +
    `last message visible ${at(figure.medianMs)})`
  );
}

/** Once the rows on screen have drawn their markdown and settled, a user scrolling up. */
const SETTLE_BEFORE_SCROLL_MS = 1_500;

async function scrollThrough(context: BrowserContext, route: string, lastMessageId: string): Promise<ScrollFigure> {
  const page = await context.newPage();
  try {
    await timeToMessageVisible(page, route, lastMessageId);
    await page.waitForTimeout(SETTLE_BEFORE_SCROLL_MS);
    return await measureScroll(page);
  } finally {
    await page.close();
  }
}

const medianMilestones = (runs: readonly Milestones[]): Milestones => ({
  entryLoaded: median(runs.map((run) => run.entryLoaded)),
  sessionRestored: median(runs.map((run) => run.sessionRestored)),
  messagesRequested: median(runs.map((run) => run.messagesRequested)),
  messagesArrived: median(runs.map((run) => run.messagesArrived)),
});

export async function measureConversationRender(
  options: { runs?: number; build?: boolean } = {},
): Promise<ConversationRenderFigure> {
  const runs = options.runs ?? 5;
  return withBenchApp(async (bench) => {
    const account = newBenchAccount();
    const browser = await launchBrowser();
    try {
      let app = await bench.start({ build: options.build ?? true });
      const registration = await browser.newContext({ baseURL: app.url });
      try {
        await registerInContext(registration, account);
      } finally {
        await registration.close();
      }
      await app.stop();

      const seeded = await seedLongConversation(bench.persistTo, account.email, MESSAGES);
      const control = await seedLongConversation(bench.persistTo, account.email, CONTROL_MESSAGES);
      app = await bench.start({ build: false });
      const context = await browser.newContext({ baseURL: app.url });
      try {
        await signInInContext(context, account);
        const route = `/c/${seeded.conversationId}`;
        const visit = async (conversation: SeededConversation) => {
          const page = await context.newPage();
          try {
            return await timeToMessageVisible(page, `/c/${conversation.conversationId}`, conversation.lastMessageId);
          } finally {
            await page.close();
          }
        };
        const times: number[] = [];
        const controlTimes: number[] = [];
        const milestones: Milestones[] = [];
        // The first visit to each is the warm-up; it must succeed like the others.
        for (let i = 0; i <= runs; i += 1) {
          const long = await visit(seeded);
          const short = await visit(control);
          if (i === 0) continue;
          times.push(long.ms);
          milestones.push(milestonesOf(long.resources, long.entryPath, seeded.conversationId));
          controlTimes.push(short.ms);
        }
        const figure = {
          messages: seeded.messages,
          runs,
          medianMs: median(times),
          control: { messages: control.messages, medianMs: median(controlTimes) },
          milestones: medianMilestones(milestones),
          scroll: await scrollThrough(context, route, seeded.lastMessageId),
        };
        console.log(describeMilestones(figure));
        return figure;
      } finally {
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
}
