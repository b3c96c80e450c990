/**
 * The public pages in Chromium, on a desktop (1280×800) and a phone (390×844), against an app of
 * their own (the spec pushes pages into its store): the server's rendering with its header, the
 * SPA taking it over, the phone's menu opening, closing on an outside tap and on navigation, no
 * sideways scrolling, no CSP violation, and a page pushed with `pages:push` showing its new
 * content. Screenshots go to test-results/screenshots/ for a person to look at.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { pushPages } from '../../worker/tools/pages-push';
import { launchBrowser, newContext } from './browser';
import { DEVICES, PHONE, type Device } from './devices';
import { startIsolatedApp, type IsolatedApp } from './isolated-app';
import { horizontalOverflow } from './page-quality';

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const UI_TIMEOUT = 20_000;

let app: IsolatedApp;
let browser: Browser;

beforeAll(async () => {
  app = await startIsolatedApp({ name: 'public-pages' });
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A fresh visitor on `device`, with every CSP violation and page error collected. */
async function visit(
  device: Device,
  pathname: string,
  javaScriptEnabled = true,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, app.url, {
    javaScriptEnabled,
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.isMobile,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  await page.goto(pathname, { waitUntil: 'domcontentloaded' });
  return { page, problems, close: () => context.close() };
}

/** The SPA has drawn the page: the server's rendering is gone. */
async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('public-page-ssr') === null, null, { timeout: UI_TIMEOUT });
}

describe.each(DEVICES)('the public pages on a $name', (device) => {
  it('show the page under the header, and the menu works as the screen width asks', async () => {
    const { page, problems, close } = await visit(device, '/help');
    try {
      await takenOver(page);
      await page.getByRole('heading', { level: 1, name: 'Help & FAQ' }).waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => page.title()).toBe('Help & FAQ | EdgeChat');
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `public-pages-help-${device.name}.png`),
        fullPage: true,
      });

      const menuButton = page.getByRole('button', { name: 'Menu' });
      const siteNav = page.getByRole('navigation', { name: 'Site pages' });
      if (device !== PHONE) {
        expect(await menuButton.isVisible()).toBe(false);
        await siteNav.getByRole('link', { name: 'Changelog' }).click();
        await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor({ timeout: UI_TIMEOUT });
        expect(new URL(page.url()).pathname).toBe('/changelog');
      } else {
        expect(await siteNav.count()).toBe(0);
        await menuButton.click();
        await siteNav.waitFor({ timeout: UI_TIMEOUT });
        expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `public-pages-menu-${device.name}.png`) });
        await menuButton.click();
        await siteNav.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
        // A tap outside closes it.
        await menuButton.click();
        await page.mouse.click(device.viewport.width / 2, device.viewport.height - 20);
        await siteNav.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
        // So does following one of its links.
        await menuButton.click();
        await siteNav.getByRole('link', { name: 'Changelog' }).click();
        await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor({ timeout: UI_TIMEOUT });
        expect(await siteNav.count()).toBe(0);
      }
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `public-pages-changelog-${device.name}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('are readable without JavaScript, the phone’s menu included', async () => {
    const { page, problems, close } = await visit(device, '/about', false);
    try {
      await page.getByRole('heading', { level: 1, name: 'About' }).waitFor({ timeout: UI_TIMEOUT });
      expect(await horizontalOverflow(page)).toBe(0);
      const siteNav = page.getByRole('navigation', { name: 'Site pages' });
      if (device === PHONE) {
        // Folded away until its button (a <details> summary) is pressed.
        expect(await siteNav.filter({ visible: true }).count()).toBe(0);
        await page.locator('summary').click();
      }
      await siteNav.filter({ visible: true }).getByRole('link', { name: 'Changelog' }).waitFor({ timeout: UI_TIMEOUT });
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `public-pages-no-js-${device.name}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('pushing the pages', () => {
  it('shows a pushed page’s new content, and serves the next request from the edge cache', async () => {
    const first = await fetch(`${app.url}/about`);
    expect(await first.text()).toContain('npm run pages:push');

    const dir = await mkdtemp(path.join(tmpdir(), 'e2e-pages-'));
    try {
      await writeFile(path.join(dir, 'about.md'), '# About Acme\n\nPushed by the operator.\n');
      await pushPages({ dir, persistTo: app.persistTo });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const pushed = await fetch(`${app.url}/about`);
    expect(pushed.headers.get('x-public-page-cache')).toBe('miss');
    expect(await pushed.text()).toContain('<p>Pushed by the operator.</p>');
    const again = await fetch(`${app.url}/about`);
    expect(again.headers.get('x-public-page-cache')).toBe('hit');
    await again.text();

    const { page, problems, close } = await visit(DEVICES[0], '/about');
    try {
      await takenOver(page);
      await page.getByText('Pushed by the operator.').waitFor({ timeout: UI_TIMEOUT });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
