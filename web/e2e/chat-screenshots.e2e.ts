/**
 * The chat screen as a person sees it: a new chat and a real conversation (markdown with a
 * heading, a list, highlighted code, a table and inline code; a reply with its thinking; a
 * regenerated reply with version navigation; a reply mid-stream) in light and dark, on a
 * desktop (1280×800) and a phone (390×844), plus the parameters panel. Screenshots go to
 * test-results/screenshots/ (git-ignored) for a person to judge; the facts behind "looks
 * finished" are asserted: nothing scrolls sideways, message, header and composer text has AA
 * contrast, every field is labelled, keyboard focus shows and Tab goes (sidebar →) header →
 * messages → composer.
 *
 * The conversation is built through the real UI against the mock provider. Its replies are set
 * with the mock's server options (`setMockOptions`, the same behaviour as a `[mock:text=…]` or
 * `[mock:reasoning=…]` directive) so the user's messages read as a person would write them.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import {
  horizontalOverflow,
  isDark,
  MIN_TEXT_CONTRAST,
  setThemeBeforeLoad,
  tabThroughPage,
  textContrasts,
  unlabelledFields,
  type ContrastSample,
  type Theme,
} from './page-quality';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const STREAM_TIMEOUT = 20_000;

const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false } as const;
const PHONE = { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true } as const;
type Device = typeof DESKTOP | typeof PHONE;

const USER_NAME = 'Ada Lovelace';
const password = 'screenshot password';
const email = `chat-shots-${Date.now()}@example.com`;

const QUESTION = 'How do I debounce a search box in React without pulling in a library?';
/** Its first line becomes the conversation's title (the mock titles with the reply's text). */
const MARKDOWN_REPLY = [
  '## Debouncing a search box in React',
  '',
  'Keep the raw input in state and derive a *debounced* copy that only changes once the user pauses. A small hook does it; the effect restarts its timer on every keystroke:',
  '',
  '```tsx',
  "import { useEffect, useState } from 'react';",
  '',
  'export function useDebounced<T>(value: T, delayMs = 300): T {',
  '  const [debounced, setDebounced] = useState(value);',
  '  useEffect(() => {',
  '    const timer = setTimeout(() => setDebounced(value), delayMs);',
  '    return () => clearTimeout(timer);',
  '  }, [value, delayMs]);',
  '  return debounced;',
  '}',
  '```',
  '',
  'A few things to keep in mind:',
  '',
  '- Pass the debounced value, not the raw one, to the hook that fetches.',
  '- Cancel stale requests with an `AbortController` so a late answer never overwrites a newer one.',
  '- Keep the delay between **200 and 400 ms**: shorter feels jumpy, longer feels laggy.',
  '',
  '| Delay | How it feels | Requests per word |',
  '| --- | --- | --- |',
  '| 100 ms | Twitchy | 3–4 |',
  '| 300 ms | Natural | 1 |',
  '| 800 ms | Sluggish | 1 |',
].join('\n');

const FOLLOW_UP = 'Would useDeferredValue do the same job?';
const REASONING =
  'They are asking whether useDeferredValue can replace the timer. It defers rendering, not work outside React, so it cannot reduce how many requests are sent. Worth separating the two concerns.';
const FIRST_ANSWER =
  'Not on its own. `useDeferredValue` lets React postpone re-rendering an expensive list, but it never waits for the user to stop typing, so every keystroke would still start a request.';
const SECOND_ANSWER = [
  'Only for the rendering half. `useDeferredValue` keeps typing responsive by letting React re-render a heavy results list later, but it does not wait for a pause, so each keystroke would still send a request.',
  '',
  'Use both when the list is expensive: debounce the **request**, and defer the **rendering** of the results.',
].join('\n');

const STREAM_QUESTION = 'And how would I test the hook?';
const STREAM_ANSWER =
  'Render it with fake timers, change the value a few times in quick succession, then advance the clock by the delay and check that only the last value came through. Advancing by less than the delay should leave the previous value in place.';

let browser: Browser;
/** Where the conversation lives once built (/c/{id}). */
let conversationPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const first = await newContext(browser, appUrl);
  const registered = await first.request.post('/api/auth/register', { data: { name: USER_NAME, email, password, confirm_password: password } });
  expect(registered.status()).toBeLessThan(300);
  await first.close();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await setMockOptions({ text: null, reasoning: null, delayMs: null });
});

/** A fresh, signed-in browser profile painting in `theme` from the first frame. */
async function openSignedIn(device: Device, theme: Theme): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, appUrl, {
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.isMobile,
    deviceScaleFactor: 1,
    colorScheme: theme,
    reducedMotion: 'reduce',
  });
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await setThemeBeforeLoad(page, theme);
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  return { context, page };
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message input' });
const replies = (page: Page) => page.getByRole('article', { name: 'Mock' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await composer(page).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: /^Model:/ }).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

async function waitForReplyEnd(page: Page): Promise<void> {
  await sendButton(page).waitFor({ timeout: STREAM_TIMEOUT });
}

async function settle(page: Page): Promise<void> {
  // Quiet network, when it comes: what each screenshot needs is waited for explicitly before.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Highlighting and the virtual list's measuring happen a frame or two after the text.
  await page.waitForTimeout(300);
}

/** The pointer somewhere neutral, so no hover state or tooltip shows in a screenshot. */
async function parkPointer(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.mouse.move(2, Math.round((viewport?.height ?? 800) / 2));
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
}

/**
 * Text checked for contrast: the header, the messages (prose, code tokens, table cells, names,
 * version counter), the composer and the line under it. Action tooltips are left out: they
 * are invisible until hovered and drawn inverted when shown.
 */
const TEXT = ':is(h1, h2, h3, h4, p, a, button, li, span, strong, em, code, td, th, label)';
const NOT_TOOLTIP = ':not(button > span[aria-hidden="true"])';
const CONTRAST_AREAS = {
  header: `header ${TEXT}${NOT_TOOLTIP}`,
  messages: `[role="feed"] article ${TEXT}${NOT_TOOLTIP}`,
  landing: `main section ${TEXT}`,
  composer: `main form ${TEXT}${NOT_TOOLTIP}, main form + p`,
} as const;

function expectReadable(samples: ContrastSample[], where: string): void {
  const poor = samples.filter((sample) => sample.ratio < MIN_TEXT_CONTRAST);
  expect(poor, `${where}: text below ${MIN_TEXT_CONTRAST}:1`).toEqual([]);
}

/** The composer's placeholder against the composer's background (the ::placeholder colour). */
function placeholderContrast(page: Page): Promise<ContrastSample> {
  return composer(page).evaluate((textarea) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    const rgba = (color: string): number[] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
    const layers: number[][] = [];
    for (let node: Element | null = textarea; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if ((layer[3] ?? 0) > 0) layers.push(layer);
      if ((layer[3] ?? 0) >= 1) break;
    }
    let background = [255, 255, 255];
    for (const layer of layers.reverse()) background = over(layer, background);
    const text = over(rgba(getComputedStyle(textarea, '::placeholder').color), background);
    const luminance = (rgb: number[]) =>
      rgb
        .map((value) => value / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
    const hex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
    return {
      text: textarea.getAttribute('placeholder') ?? '',
      ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100,
      color: hex(text),
      background: hex(background),
    };
  });
}

// The conversation sidebar, when open, comes first on screen and in the tab order.
type Region = 'sidebar' | 'header' | 'messages' | 'composer' | 'other';
const REGION_RANK: Record<Region, number> = { sidebar: -1, header: 0, messages: 1, composer: 2, other: 3 };

const COMPOSER_STOP = 'textarea "Message input"';

/**
 * Tabs from the top of the page until the composer's text box has focus (or `max` presses),
 * naming the region of each stop. Tab starts from a throwaway element at the start of <body>:
 * a blur alone would leave the browser's starting point wherever the last click was.
 */
async function tabRegions(page: Page, max = 160): Promise<{ region: Region; element: string }[]> {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.id = 'tab-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const stops: { region: Region; element: string }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      // The feed and what belongs to it (its scroll-to-bottom button) are "messages".
      const region = element.closest('nav')
        ? 'sidebar'
        : element.closest('header')
          ? 'header'
          : element.closest('main form')
            ? 'composer'
            : element.closest('main')
              ? 'messages'
              : 'other';
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return { region, element: `${element.getAttribute('role') ?? element.tagName.toLowerCase()} "${name}"` } as const;
    });
    if (!stop) continue;
    stops.push(stop);
    if (stop.element === COMPOSER_STOP) break;
  }
  await page.evaluate(() => document.getElementById('tab-start')?.remove());
  return stops;
}

/** Tab goes sidebar (when open) → header (home link first) → messages (when there are any) → composer, in that order. */
async function expectTabOrder(page: Page, where: string, { hasMessages }: { hasMessages: boolean }): Promise<void> {
  const stops = await tabRegions(page);
  const summary = stops.map((stop) => `${stop.region}: ${stop.element}`);
  // After the sidebar's stops (if it is open), the header's home link comes first.
  const firstOfPage = stops.find((stop) => stop.region !== 'sidebar');
  expect(firstOfPage?.element, `${where}: first Tab stop after the sidebar (${summary.join(' | ')})`).toMatch(/^a "/);
  expect(firstOfPage?.region, `${where}: first Tab stop after the sidebar`).toBe('header');
  expect(stops.at(-1)?.element, `${where}: Tab reaches the composer (${summary.join(' | ')})`).toBe(COMPOSER_STOP);
  const ranks = stops.map((stop) => REGION_RANK[stop.region]);
  expect(
    ranks.every((rank, i) => i === 0 || rank >= (ranks[i - 1] ?? 0)),
    `${where}: Tab order goes header → messages → composer (${summary.join(' | ')})`,
  ).toBe(true);
  expect(stops.filter((stop) => stop.region === 'other'), `${where}: stops outside header, messages and composer`).toEqual([]);
  const headerStops = stops.filter((stop) => stop.region === 'header').map((stop) => stop.element);
  for (const control of [/^a "/, /New chat/, /Endpoint:/, /Model:/, /Model parameters/, /Presets/, /theme/, /Account menu/]) {
    expect(
      headerStops.some((stop) => control.test(stop)),
      `${where}: header stop ${control} (${headerStops.join(' | ')})`,
    ).toBe(true);
  }
  expect(stops.some((stop) => stop.region === 'messages'), `${where}: Tab visits the messages`).toBe(hasMessages);
}

/**
 * Every Tab stop draws a focus indicator. The composer's text box draws it on its frame (the
 * rounded box around text and buttons): that frame's border must change on focus and stand out
 * from the page at 3:1 (WCAG non-text contrast).
 */
async function expectFocusVisible(page: Page, where: string): Promise<void> {
  const stops = await tabThroughPage(page, 40);
  expect(stops.length, `${where}: Tab reaches something`).toBeGreaterThan(5);
  expect(
    stops.filter((stop) => !stop.visible && stop.element !== COMPOSER_STOP),
    `${where}: focus without a visible indicator`,
  ).toEqual([]);
  const frame = await composerFrameOnFocus(page);
  expect(frame.focused, `${where}: the composer's frame changes on focus`).not.toBe(frame.resting);
  expect(frame.ratio, `${where}: composer focus border ${frame.focused} against the page`).toBeGreaterThanOrEqual(3);
}

/** The composer frame's border colour at rest and with the text box focused, and the latter's contrast with the page. */
async function composerFrameOnFocus(page: Page): Promise<{ resting: string; focused: string; ratio: number }> {
  const textarea = composer(page);
  await textarea.evaluate((element) => element.blur());
  await page.waitForTimeout(250);
  const resting = await textarea.evaluate((element) => getComputedStyle(element.closest('form > div') ?? element).borderTopColor);
  await textarea.focus();
  await page.waitForTimeout(250);
  return textarea.evaluate(
    (element, restingColor) => {
      const frame = element.closest('form > div') ?? element;
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d canvas');
      const rgb = (color: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
      };
      const luminance = (values: number[]) =>
        values
          .map((value) => value / 255)
          .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
      const focused = getComputedStyle(frame).borderTopColor;
      const page = getComputedStyle(document.body).backgroundColor;
      const [lighter, darker] = [luminance(rgb(focused)), luminance(rgb(page))].sort((a, b) => b - a) as [number, number];
      return { resting: restingColor, focused, ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100 };
    },
    resting,
  );
}

/** The checks every screenshot of the chat screen must pass. */
async function expectFinished(page: Page, where: string, { hasMessages }: { hasMessages: boolean }): Promise<void> {
  expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBe(0);
  expect(await unlabelledFields(page), `${where}: unlabelled fields`).toEqual([]);
  const header = await textContrasts(page, CONTRAST_AREAS.header);
  expect(header.length, `${where}: header text measured`).toBeGreaterThan(0);
  expectReadable(header, `${where} header`);
  const composerText = await textContrasts(page, CONTRAST_AREAS.composer);
  expect(composerText.length, `${where}: composer text measured`).toBeGreaterThan(0);
  expectReadable(composerText, `${where} composer`);
  if (hasMessages) {
    const messages = await textContrasts(page, CONTRAST_AREAS.messages);
    expect(messages.length, `${where}: message text measured`).toBeGreaterThan(5);
    expectReadable(messages, `${where} messages`);
  } else {
    expectReadable(await textContrasts(page, CONTRAST_AREAS.landing), `${where} landing`);
    const placeholder = await placeholderContrast(page);
    expect(placeholder.text, `${where}: placeholder shown`).not.toBe('');
    expect(placeholder.ratio, `${where}: placeholder ${placeholder.color} on ${placeholder.background}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  }
}

/**
 * Opens every "Thoughts" section on screen, so the screenshot shows the reasoning's styling,
 * then shows the end of the conversation again (the opened section pushed it down).
 */
async function openThoughts(page: Page): Promise<void> {
  for (const toggle of await page.getByRole('button', { name: 'Thoughts', expanded: false }).all()) await toggle.click();
  await page.waitForTimeout(200);
  await page.getByRole('feed').evaluate((feed) => feed.scrollTo({ top: feed.scrollHeight }));
}

describe('chat screen screenshots', () => {
  it.each(['light', 'dark'] as const)(
    'a new chat looks finished in the %s theme',
    async (theme) => {
      const { context, page } = await openSignedIn(DESKTOP, theme);
      try {
        await open(page, '/c/new');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settle(page);
        expect(await isDark(page)).toBe(theme === 'dark');
        await parkPointer(page);
        await screenshot(page, `chat-new-${theme}`);

        const where = `new chat (${theme})`;
        await expectFinished(page, where, { hasMessages: false });
        // The welcome sits in the middle of the space between header and composer.
        const layout = await page.evaluate(() => {
          const heading = document.querySelector('main section h1')?.getBoundingClientRect();
          const header = document.querySelector('header')?.getBoundingClientRect();
          const form = document.querySelector('main form')?.getBoundingClientRect();
          return heading && header && form ? { heading: (heading.top + heading.bottom) / 2, top: header.bottom, bottom: form.top } : null;
        });
        expect(layout, `${where}: landing laid out`).not.toBeNull();
        if (layout) {
          const middle = (layout.top + layout.bottom) / 2;
          expect(Math.abs(layout.heading - middle), `${where}: welcome roughly centred`).toBeLessThanOrEqual((layout.bottom - layout.top) * 0.15);
        }
        await expectTabOrder(page, where, { hasMessages: false });
        await expectFocusVisible(page, where);
      } finally {
        await context.close();
      }
    },
    60_000,
  );

  it('builds a conversation through the UI and looks finished in light, with the parameters panel', async () => {
    const { context, page } = await openSignedIn(DESKTOP, 'light');
    try {
      await open(page, '/c/new');

      // A question answered with rich markdown; the reply's heading becomes the title.
      await setMockOptions({ text: MARKDOWN_REPLY });
      await send(page, QUESTION);
      await replies(page).last().getByRole('table').waitFor({ timeout: STREAM_TIMEOUT });
      await waitForReplyEnd(page);
      await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
      await page.getByRole('banner').getByRole('heading', { level: 1, name: 'Debouncing a search box in React' }).waitFor({ timeout: STREAM_TIMEOUT });
      conversationPath = new URL(page.url()).pathname;

      // A follow-up whose reply thinks first, then regenerated: version navigation shows.
      await setMockOptions({ text: FIRST_ANSWER, reasoning: REASONING });
      await send(page, FOLLOW_UP);
      await replies(page).last().getByText('it never waits', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
      await waitForReplyEnd(page);
      await setMockOptions({ text: SECOND_ANSWER });
      await replies(page).last().hover();
      await replies(page).last().getByRole('button', { name: 'Regenerate' }).click();
      await replies(page).last().getByText('defer the', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
      await waitForReplyEnd(page);
      await page.getByText('Version 2 of 2').waitFor();
      await setMockOptions({ text: null, reasoning: null });

      // As a person comes back to it: reloaded, the thinking opened.
      await page.reload();
      await replies(page).last().getByText('defer the', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
      await openThoughts(page);
      await settle(page);
      await parkPointer(page);
      await screenshot(page, 'chat-conversation-light');
      await expectFinished(page, 'conversation (light)', { hasMessages: true });

      // The markdown reply itself, scrolled into view (a second look, for the code and the table).
      await replies(page).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await settle(page);
      await screenshot(page, 'chat-conversation-light-markdown');
      await expectFinished(page, 'conversation top (light)', { hasMessages: true });
      // An earlier message's actions show on hover, inside its own row (over nothing of the next).
      const question = page.getByRole('article', { name: USER_NAME }).first();
      await question.hover();
      const actions = question.getByRole('group', { name: 'Message actions' });
      await expect.poll(() => actions.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity)).toBe('1');
      const [row, bar] = await Promise.all([question.boundingBox(), actions.boundingBox()]);
      expect(row && bar, 'hovered message and its actions laid out').toBeTruthy();
      if (row && bar) {
        expect(bar.y, 'actions inside the row (top)').toBeGreaterThanOrEqual(row.y);
        expect(bar.y + bar.height, 'actions inside the row (bottom)').toBeLessThanOrEqual(row.y + row.height);
      }
      await screenshot(page, 'chat-conversation-light-hover');
      await parkPointer(page);
      await expectTabOrder(page, 'conversation (light)', { hasMessages: true });
      await expectFocusVisible(page, 'conversation (light)');

      // The parameters panel.
      await page.getByRole('button', { name: 'Model parameters' }).click();
      const panel = page.getByRole('dialog', { name: 'Model parameters' });
      await panel.waitFor();
      await settle(page);
      await screenshot(page, 'chat-parameters-panel');
      expect(await horizontalOverflow(page), 'parameters panel: sideways scroll').toBe(0);
      expect(await unlabelledFields(page), 'parameters panel: unlabelled fields').toEqual([]);
      const panelText = await textContrasts(page, `[role="dialog"] ${TEXT}${NOT_TOOLTIP}`);
      expect(panelText.length, 'parameters panel: text measured').toBeGreaterThan(3);
      expectReadable(panelText, 'parameters panel');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the conversation looks finished in the dark theme', async () => {
    expect(conversationPath, 'the conversation was built').not.toBe('');
    const { context, page } = await openSignedIn(DESKTOP, 'dark');
    try {
      await open(page, conversationPath);
      await page.getByText('Version 2 of 2').waitFor();
      await openThoughts(page);
      await settle(page);
      expect(await isDark(page)).toBe(true);
      await parkPointer(page);
      await screenshot(page, 'chat-conversation-dark');
      await expectFinished(page, 'conversation (dark)', { hasMessages: true });
      await replies(page).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await settle(page);
      await screenshot(page, 'chat-conversation-dark-markdown');
      await expectFinished(page, 'conversation top (dark)', { hasMessages: true });
      await expectFocusVisible(page, 'conversation (dark)');
      // A tablet's width, where the header first becomes one row: still nothing scrolls sideways.
      await page.setViewportSize({ width: 768, height: 1024 });
      await settle(page);
      expect(await horizontalOverflow(page), 'conversation at 768 px: sideways scroll').toBe(0);
    } finally {
      await context.close();
    }
  }, 90_000);

  it.each(['light', 'dark'] as const)(
    'the conversation looks finished on a phone in the %s theme',
    async (theme) => {
      expect(conversationPath, 'the conversation was built').not.toBe('');
      const { context, page } = await openSignedIn(PHONE, theme);
      try {
        const where = `phone (${theme})`;
        await open(page, conversationPath);
        await page.getByText('Version 2 of 2').waitFor();
        await settle(page);
        expect(await isDark(page)).toBe(theme === 'dark');
        await screenshot(page, `chat-mobile-${theme}`);
        await expectFinished(page, where, { hasMessages: true });
        // The code block and the table scroll inside themselves, never the page.
        await replies(page).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await settle(page);
        await screenshot(page, `chat-mobile-${theme}-markdown`);
        await expectFinished(page, `${where}, top`, { hasMessages: true });
        // The header stays one row of controls plus the title: it must not eat the screen.
        const headerHeight = await page.getByRole('banner').evaluate((element) => element.getBoundingClientRect().height);
        expect(headerHeight, `${where}: header height`).toBeLessThanOrEqual(100);
        await expectTabOrder(page, where, { hasMessages: true });

        // The new chat on a phone: the same checks.
        await page.getByRole('link', { name: 'New chat' }).click();
        await page.getByRole('article').first().waitFor({ state: 'detached' });
        await settle(page);
        await screenshot(page, `chat-mobile-new-${theme}`);
        await expectFinished(page, `${where}, new chat`, { hasMessages: false });
      } finally {
        await context.close();
      }
    },
    90_000,
  );

  it('shows a reply mid-stream with the stop button', async () => {
    expect(conversationPath, 'the conversation was built').not.toBe('');
    const { context, page } = await openSignedIn(DESKTOP, 'light');
    try {
      await open(page, conversationPath);
      await page.getByText('Version 2 of 2').waitFor();
      await settle(page);
      await setMockOptions({ text: STREAM_ANSWER, delayMs: 150 });
      await send(page, STREAM_QUESTION);
      const stop = page.getByRole('button', { name: 'Stop generating' });
      await stop.waitFor({ timeout: STREAM_TIMEOUT });
      await replies(page).last().getByText('quick succession', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
      await parkPointer(page);
      expect(await stop.isVisible(), 'stop button while streaming').toBe(true);
      await screenshot(page, 'chat-streaming');
      expect(await horizontalOverflow(page), 'streaming: sideways scroll').toBe(0);
      expectReadable(await textContrasts(page, CONTRAST_AREAS.messages), 'streaming messages');
      await stop.click();
      await waitForReplyEnd(page);
    } finally {
      await context.close();
    }
  }, 90_000);
});
