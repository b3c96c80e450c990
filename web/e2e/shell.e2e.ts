import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, recordNavigations } from './browser';
import './provided';

const appUrl = inject('appUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  // A user whose system prefers dark (LibreChat's default theme either way).
  context = await newContext(browser, appUrl, { colorScheme: 'dark' });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

const htmlClasses = (): Promise<string[]> => page.evaluate(() => Array.from(document.documentElement.classList));

/** Resolves once React has rendered into the page and the network is quiet (lazy routes loaded). */
async function appSettled(): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await page.waitForLoadState('networkidle');
}

describe('app shell', () => {
  it('redirects / to /c/new and loads the startup config from /api/config', async () => {
    const visited = recordNavigations(page);
    const configResponse = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/config');

    await page.goto('/');

    expect((await configResponse).status()).toBe(200);
    await expect.poll(() => visited).toContain('/c/new');
    expect(visited[0]).toBe('/');
  });

  it('is dark by default, toggles to light with Ctrl+Shift+T, and remembers it across a reload', async () => {
    await page.goto('/');
    await appSettled();
    expect(await htmlClasses()).toContain('dark');

    await page.keyboard.press('Control+Shift+T');

    await expect.poll(htmlClasses).not.toContain('dark');
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('color-theme'))).toBe('light');

    await page.reload();
    await appSettled();
    expect(await htmlClasses()).not.toContain('dark');
    expect(await page.evaluate(() => localStorage.getItem('color-theme'))).toBe('light');
  });

  it('redirects an unknown page path to /', async () => {
    const visited = recordNavigations(page);

    const res = await page.goto('/nowhere');

    // The SPA fallback serves index.html for any page path; the router then sends it home.
    expect(res?.status()).toBe(200);
    await expect.poll(() => visited.slice(visited.indexOf('/nowhere') + 1)).toContain('/');
    expect(visited[0]).toBe('/nowhere');
  });
});

describe('worker routes next to the SPA', () => {
  it('answers an unknown API path with a 404 JSON error, not the SPA', async () => {
    const res = await fetch(`${appUrl}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body: unknown = await res.json();
    expect(body).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it('answers GET /health with OK', async () => {
    const res = await fetch(`${appUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  });
});
