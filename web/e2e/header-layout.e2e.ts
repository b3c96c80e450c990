/**
 * The chat header where room is short: a phone (390×844), and a desktop browser zoomed to 150 %
 * (853 CSS px) and 200 % (640 CSS px) with the sidebar open. On a phone the header is one row and
 * shows the model by its readable name beside the endpoint's icon; at every width no two
 * controls overlap, none leaves the header, and a conversation's title keeps a readable width
 * where it is shown. Search on a phone offers its own field (the sidebar's is hidden with the
 * sidebar). Screenshots of the headers go to test-results/screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser, newContext } from './browser';
import { composer, expectHeaderAtMost } from './chat-quality';
import { setMockOptions } from './mock';
import './provided';

const appUrl = inject('appUrl');
const mockEndpointName = inject('mockEndpointName');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const PHONE = { width: 390, height: 844 };
/** One row of 36 px controls with the header's padding and border. */
const ONE_ROW = 56;
/** A title narrower than this shows a few letters at most. */
const READABLE_TITLE_WIDTH = 96;
const TITLE = 'Planning a weekend trip to Lisbon';

const password = 'header layout password';
const email = `header-layout-${Date.now()}@example.com`;
let browser: Browser;
let conversationPath = '';

async function signedIn(viewport: { width: number; height: number }, isMobile: boolean): Promise<BrowserContext> {
  const context = await newContext(browser, appUrl, {
    viewport,
    isMobile,
    hasTouch: isMobile,
    deviceScaleFactor: isMobile ? 2 : 1,
    reducedMotion: 'reduce',
  });
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return context;
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await composer(page).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Model: mock-fast' }).waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** The header's controls and title: each one's box, and the header's. */
function headerLayout(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, width: rect.width };
    };
    const controls = Array.from(header.querySelectorAll('a[href], button'))
      .filter((element) => element.getBoundingClientRect().width > 0)
      .map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent ?? '', ...box(element) }));
    const title = header.querySelector('h1');
    const titleBox = title && getComputedStyle(title).position !== 'absolute' ? box(title) : null;
    return { header: box(header), controls, title: titleBox };
  });
}

/** No two controls overlap, every control lies inside the header, and the title (if shown) overlaps none. */
async function expectNothingOverlaps(page: Page, where: string): Promise<void> {
  const { header, controls, title } = await headerLayout(page);
  type Box = (typeof controls)[number];
  const overlap = (a: Omit<Box, 'name'>, b: Omit<Box, 'name'>) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const clashes: string[] = [];
  controls.forEach((a, i) =>
    controls.slice(i + 1).forEach((b) => {
      if (overlap(a, b)) clashes.push(`${a.name} × ${b.name}`);
    }),
  );
  if (title)
    controls.filter((control) => overlap(control, title)).forEach((control) => clashes.push(`title × ${control.name}`));
  expect(clashes, `${where}: overlapping header controls`).toEqual([]);
  const outside = controls.filter((control) => control.left < header.left - 0.5 || control.right > header.right + 0.5);
  expect(
    outside.map((control) => control.name),
    `${where}: controls outside the header`,
  ).toEqual([]);
}

/** The visible text of a picker button: the whole name, not cut to a letter or an ellipsis. */
async function pickerText(page: Page, name: RegExp) {
  return page
    .getByRole('banner')
    .getByRole('button', { name })
    .evaluate((button) => {
      const text = Array.from(button.querySelectorAll('span'))
        .filter((span) => span.getBoundingClientRect().width > 0 && span.children.length === 0)
        .map((span) => ({ text: span.textContent ?? '', cut: span.scrollWidth > span.clientWidth + 1 }));
      return text;
    });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const context = await newContext(browser, appUrl);
  const registered = await context.request.post('/api/auth/register', {
    data: { name: 'Grace Hopper', email, password, confirm_password: password },
  });
  expect(registered.status()).toBeLessThan(300);
  await context.close();

  // A titled conversation, built through the UI (the mock titles it with its reply's first line).
  const desktop = await signedIn({ width: 1280, height: 800 }, false);
  try {
    const page = await desktop.newPage();
    await open(page, '/c/new');
    await setMockOptions({ text: `${TITLE}\n\nStart with the Alfama and a tram ride.` });
    await composer(page).fill('Help me plan a weekend in Lisbon');
    await composer(page).press('Enter');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByRole('banner').getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 20_000 });
    conversationPath = new URL(page.url()).pathname;
  } finally {
    await setMockOptions({ text: null });
    await desktop.close();
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('the chat header on a phone', () => {
  it('is one row, with the model’s readable name beside the endpoint’s icon', async () => {
    const context = await signedIn(PHONE, true);
    try {
      const page = await context.newPage();
      for (const [url, name] of [
        ['/c/new', 'header-phone-new'],
        [conversationPath, 'header-phone-conversation'],
      ] as const) {
        await open(page, url);
        await shoot(page, name);
        await expectHeaderAtMost(page, name, ONE_ROW);
        await expectNothingOverlaps(page, name);
        const model = await pickerText(page, /^Model:/);
        expect(model, `${name}: the model picker's text`).toEqual([{ text: 'mock-fast', cut: false }]);
        // The endpoint shows as its icon (its mark or image), named by the button.
        const endpoint = page.getByRole('banner').getByRole('button', { name: `Endpoint: ${mockEndpointName}` });
        expect(await endpoint.locator('svg[data-mark], img').count(), `${name}: endpoint icon`).toBe(1);
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('offers a search field on the results page while the sidebar is closed', async () => {
    const context = await signedIn(PHONE, true);
    try {
      const page = await context.newPage();
      await page.goto('/search?q=Lisbon');
      const field = page.getByRole('main').getByRole('textbox', { name: 'Search messages' });
      await field.waitFor({ timeout: 15_000 });
      expect(await field.inputValue()).toBe('Lisbon');
      await page.getByText('weekend in', { exact: false }).first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'search-phone.png'), animations: 'disabled' });
      await field.fill('tram');
      await page.waitForURL(/\/search\?q=tram$/);
      await expectHeaderAtMost(page, 'search page', ONE_ROW);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the chat header of a zoomed desktop browser, sidebar open', () => {
  it.each([
    [853, 'header-zoom-150'],
    [640, 'header-zoom-200'],
  ])(
    'at %i px: pickers side by side, the title readable, the account menu on screen',
    async (width, name) => {
      const context = await signedIn({ width, height: 700 }, false);
      try {
        const page = await context.newPage();
        await open(page, conversationPath);
        const openSidebar = page.getByRole('button', { name: 'Open sidebar' });
        if (await openSidebar.isVisible()) await openSidebar.click();
        await page.getByRole('button', { name: 'Close sidebar' }).first().waitFor();
        await shoot(page, name);
        await expectNothingOverlaps(page, name);
        expect(await pickerText(page, /^Model:/), `${name}: the model picker's text`).toEqual([
          { text: 'mock-fast', cut: false },
        ]);
        const { title } = await headerLayout(page);
        expect(title?.width ?? 0, `${name}: the title's width`).toBeGreaterThanOrEqual(READABLE_TITLE_WIDTH);
        // The account menu (in the header, or in the sidebar where the window is a phone's) opens on screen.
        await page
          .getByRole('button', { name: /^Account menu/ })
          .and(page.locator(':visible'))
          .click();
        const menu = await page.getByRole('menu', { name: 'Account menu' }).boundingBox();
        expect(menu, `${name}: account menu laid out`).not.toBeNull();
        if (menu) {
          expect(menu.x, `${name}: account menu's left edge`).toBeGreaterThanOrEqual(0);
          expect(menu.x + menu.width, `${name}: account menu's right edge`).toBeLessThanOrEqual(width);
        }
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
