/**
 * The public share page and its not-found page as a visitor sees them, in light and dark, on a
 * desktop (1280×800) and a phone (390×844): full-page screenshots for a person to look at
 * (test-results/screenshots/, git-ignored) and the facts behind them: the app's title and logo
 * on top with a way into the app, nothing scrolls sideways, and on the phone the theme toggle
 * covers no message text wherever the page is scrolled.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { accessTokenFromPage, apiFromPage } from './account-helpers';
import { launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import { horizontalOverflow, isDark, type Theme } from './page-quality';
import { DEVICES, PHONE, THEMES, openDevicePage, type Device } from './devices';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const UI_TIMEOUT = 20_000;
const APP_TITLE = 'EdgeChat';
const QUESTION = 'How do I keep basil alive on a windowsill?';
const CHAT_TITLE = 'Basil on a windowsill';
/** Long enough to fill a phone's screen several times, so anything floating would land on text. */
const REPLY = Array.from(
  { length: 10 },
  (_, index) =>
    `Step ${index + 1}: give the pot at least six hours of light, water when the top centimetre of soil is dry, and pinch off the flower buds so the leaves keep coming.`,
).join('\n\n');

let browser: Browser;
let shareUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await setMockOptions({ text: REPLY });
  const owner = await newContext(browser, appUrl, { viewport: { width: 1280, height: 800 } });
  try {
    const email = `sharelook${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const signUp = await owner.request.post('/api/auth/register', {
      data: { name: 'Share Looker', email, password, confirm_password: password },
    });
    expect(signUp.status()).toBeLessThan(300);
    expect((await owner.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);

    const page = await owner.newPage();
    await page.goto('/c/new');
    const composer = page.getByRole('textbox', { name: 'Message input' });
    await composer.waitFor({ timeout: UI_TIMEOUT });
    await composer.fill(QUESTION);
    await composer.press('Enter');
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText(/Step 10:/).waitFor({ timeout: UI_TIMEOUT });
    const conversationId = /\/c\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    // Named by hand: the mock's long reply is no usable title, so the chat would stay untitled.
    // After the title step has had its turn, so it cannot overwrite the name.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    const token = await accessTokenFromPage(page);
    const renamed = await apiFromPage(page, '/api/convos/update', token, 'POST', {
      arg: { conversationId, title: CHAT_TITLE },
    });
    expect(renamed.status).toBeLessThan(300);
    const created = await apiFromPage(page, `/api/share/${conversationId}`, token, 'POST');
    expect(created.status).toBeLessThan(300);
    const { shareId } = created.body as { shareId: string };
    shareUrl = `/share/${shareId}`;
  } finally {
    await owner.close();
  }
});
afterAll(async () => {
  await setMockOptions({ text: null }).catch(() => {});
  await browser?.close();
});

async function visit(
  device: Device,
  theme: Theme,
  url: string,
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openDevicePage(browser, appUrl, device, theme, { javaScriptEnabled });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  // The SPA's page: it replaces the server's rendering once it has its answer.
  if (javaScriptEnabled) await page.locator('#share-ssr').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  return { context, page };
}

async function settleAndShoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** The bar on top: logo and app title, the theme toggle, the way into the app. */
async function expectBrandedBar(page: Page, where: string): Promise<void> {
  const bar = page.getByRole('banner').first();
  const brand = bar.getByRole('link', { name: APP_TITLE });
  expect(await brand.getAttribute('href'), `${where}: brand link`).toBe('/');
  expect(await brand.locator('svg').count(), `${where}: logo`).toBe(1);
  expect(await bar.getByRole('link', { name: 'Start chatting' }).isVisible(), `${where}: start link`).toBe(true);
  expect(await bar.getByRole('button', { name: /Switch to (light|dark) theme/ }).isVisible(), `${where}: toggle`).toBe(
    true,
  );
}

/**
 * The places where the theme toggle's box overlaps a line of message text, at the page's
 * current scroll position (viewport coordinates, so a fixed control is caught wherever it floats).
 */
function toggleOverText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toggle = document.querySelector('button[aria-label^="Switch to"]');
    const feed = document.querySelector('[role="feed"]');
    if (!toggle || !feed) return ['toggle or feed missing'];
    const box = toggle.getBoundingClientRect();
    const hits: string[] = [];
    const walker = document.createTreeWalker(feed, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        const overlaps =
          line.left < box.right && line.right > box.left && line.top < box.bottom && line.bottom > box.top;
        if (overlaps) hits.push(`"${node.textContent.trim().slice(0, 30)}" at y=${Math.round(line.top)}`);
      }
    }
    return hits;
  });
}

describe('the public share page', { timeout: 180_000 }, () => {
  for (const viewport of DEVICES) {
    for (const theme of THEMES) {
      it(`${viewport.name}, ${theme}: branded, nothing sideways, the toggle covers no text`, async () => {
        const where = `share page, ${viewport.name} ${theme}`;
        const { context, page } = await visit(viewport, theme, shareUrl);
        try {
          await page.getByRole('feed').waitFor({ timeout: UI_TIMEOUT });
          await page.getByRole('heading', { level: 1, name: CHAT_TITLE }).waitFor();
          await page.getByText(/Step 10:/).waitFor({ timeout: UI_TIMEOUT });
          expect(await isDark(page)).toBe(theme === 'dark');
          await expectBrandedBar(page, where);
          expect(await horizontalOverflow(page), `${where}: sideways scrolling`).toBe(0);
          if (viewport.isMobile) {
            const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
            expect(height, 'the reply is longer than the screen').toBeGreaterThan(0);
            for (const y of [0, height / 2, height]) {
              await page.evaluate((top) => window.scrollTo(0, top), y);
              expect(await toggleOverText(page), `${where}: scrolled to ${Math.round(y)}`).toEqual([]);
            }
            await page.evaluate(() => window.scrollTo(0, 0));
          }
          await settleAndShoot(page, `share-page-${viewport.name}-${theme}`);
        } finally {
          await context.close();
        }
      });

      it(`${viewport.name}, ${theme}: an unknown link gets a branded not-found page`, async () => {
        const where = `not-found page, ${viewport.name} ${theme}`;
        const { context, page } = await visit(viewport, theme, '/share/no-such-link');
        try {
          await page.getByRole('heading', { level: 1, name: 'Shared link not found' }).waitFor({ timeout: UI_TIMEOUT });
          await page.getByText(/may have been deleted, or replaced by a newer one/).waitFor();
          await expectBrandedBar(page, where);
          expect(await horizontalOverflow(page), `${where}: sideways scrolling`).toBe(0);
          await settleAndShoot(page, `share-not-found-${viewport.name}-${theme}`);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('the server rendering (first paint, no script) carries the same bar on a phone', async () => {
    for (const [name, url] of [
      ['share-page', shareUrl],
      ['share-not-found', '/share/no-such-link'],
    ] as const) {
      const { context, page } = await visit(PHONE, 'light', url, false);
      try {
        const bar = page.locator('#share-ssr header');
        expect(await bar.getByRole('link', { name: APP_TITLE }).locator('svg').count(), `${name}: logo`).toBe(1);
        expect(await bar.getByRole('link', { name: 'Start chatting' }).getAttribute('href')).toBe('/');
        expect(await horizontalOverflow(page), `${name}: sideways scrolling`).toBe(0);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-server-phone-light.png`), fullPage: true });
      } finally {
        await context.close();
      }
    }
  });

  it('"Start chatting" takes a visitor into the app (the sign-in page)', async () => {
    const { context, page } = await visit(PHONE, 'light', '/share/no-such-link');
    try {
      const start = page.getByRole('main').getByRole('link', { name: 'Start chatting' });
      await start.waitFor({ timeout: UI_TIMEOUT });
      await start.click();
      await page.waitForURL((url) => url.pathname === '/login', { timeout: UI_TIMEOUT });
    } finally {
      await context.close();
    }
  });
});
