/**
 * The chat screen as a person sees it: a new chat and a real conversation (markdown with a
 * heading, a list, highlighted code, a table and inline code; a reply with its thinking; a
 * regenerated reply with version navigation; a reply mid-stream) in light and dark, on a
 * desktop (1280×800) and a phone (390×844), plus the parameters panel. Screenshots go to
 * test-results/screenshots/ (git-ignored) for a person to judge; the facts behind "looks
 * finished" are asserted with the checks of chat-quality.ts: nothing scrolls sideways, message,
 * header and composer text has AA contrast, every field is labelled, keyboard focus shows and
 * Tab goes (sidebar →) header → messages → composer.
 *
 * The conversation is built through the real UI against the mock provider. Its replies are set
 * with the mock's server options (`setMockOptions`, the same behaviour as a `[mock:text=…]` or
 * `[mock:reasoning=…]` directive) so the user's messages read as a person would write them.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import {
  composer,
  expectDialogFinished,
  expectFinished,
  expectFocusVisible,
  expectHeaderAtMost,
  expectHoverActionsInsideRow,
  expectMessageTextReadable,
  expectNoSidewaysScroll,
  expectTabOrder,
  expectWelcomeCentred,
} from './chat-quality';
import { isDark, type Theme } from './page-quality';
import { DESKTOP, PHONE, openDevicePage, type Device } from './devices';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const STREAM_TIMEOUT = 20_000;

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
  const registered = await first.request.post('/api/auth/register', {
    data: { name: USER_NAME, email, password, confirm_password: password },
  });
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
const openSignedIn = (device: Device, theme: Theme) =>
  openDevicePage(browser, appUrl, device, theme, { signIn: { email, password } });

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
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

/**
 * Opens every "Thoughts" section on screen, so the screenshot shows the reasoning's styling,
 * then shows the end of the conversation again (the opened section pushed it down).
 */
async function openThoughts(page: Page): Promise<void> {
  for (const toggle of await page.getByRole('button', { name: 'Thoughts', expanded: false }).all())
    await toggle.click();
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
        await expectWelcomeCentred(page, where);
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
      await page
        .getByRole('banner')
        .getByRole('heading', { level: 1, name: 'Debouncing a search box in React' })
        .waitFor({ timeout: STREAM_TIMEOUT });
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
      await replies(page)
        .first()
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await settle(page);
      await screenshot(page, 'chat-conversation-light-markdown');
      await expectFinished(page, 'conversation top (light)', { hasMessages: true });
      // An earlier message's actions show on hover, inside its own row (over nothing of the next).
      await expectHoverActionsInsideRow(page.getByRole('article', { name: USER_NAME }).first());
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
      await expectDialogFinished(page, 'parameters panel');
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
      await replies(page)
        .first()
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await settle(page);
      await screenshot(page, 'chat-conversation-dark-markdown');
      await expectFinished(page, 'conversation top (dark)', { hasMessages: true });
      await expectFocusVisible(page, 'conversation (dark)');
      // A tablet's width, where the header first becomes one row: still nothing scrolls sideways.
      await page.setViewportSize({ width: 768, height: 1024 });
      await settle(page);
      await expectNoSidewaysScroll(page, 'conversation at 768 px');
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
        await replies(page)
          .first()
          .evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await settle(page);
        await screenshot(page, `chat-mobile-${theme}-markdown`);
        await expectFinished(page, `${where}, top`, { hasMessages: true });
        // The header stays one row of controls plus the title: it must not eat the screen.
        await expectHeaderAtMost(page, where, 100);
        await expectTabOrder(page, where, { hasMessages: true, phone: true });

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
      await expectNoSidewaysScroll(page, 'streaming');
      await expectMessageTextReadable(page, 'streaming messages');
      await stop.click();
      await waitForReplyEnd(page);
    } finally {
      await context.close();
    }
  }, 90_000);
});
