/**
 * How a conversation page loads for a returning user: the hashed bundles come from the browser's
 * cache without asking the server (they are served as immutable). Headers and requests only:
 * the times are `npm run bench -- conversation-render`'s.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { composer } from './chat-quality';
import { setMockOptions } from './mock';
import './provided';

const appUrl = inject('appUrl');
const password = 'boot loading password';
const email = `boot-loading-${Date.now()}@example.com`;
const REPLY = 'Boot loading reply';
const UI_TIMEOUT = 20_000;

let browser: Browser;
let conversationPath = '';

interface LoadedResource {
  path: string;
  startTime: number;
  transferSize: number;
}

async function signedIn(): Promise<BrowserContext> {
  const context = await newContext(browser, appUrl);
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return context;
}

/** Opens the conversation and waits for its reply to be drawn. */
async function openConversation(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(conversationPath);
  await page.locator('[data-message-id]', { hasText: REPLY }).waitFor({ timeout: UI_TIMEOUT });
  return page;
}

function resources(page: Page): Promise<LoadedResource[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return { path: new URL(timing.name).pathname, startTime: timing.startTime, transferSize: timing.transferSize };
    }),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  const registration = await newContext(browser, appUrl);
  const registered = await registration.request.post('/api/auth/register', {
    data: { name: 'Boot Loader', email, password, confirm_password: password },
  });
  expect(registered.status()).toBeLessThan(300);
  await registration.close();

  const context = await signedIn();
  try {
    const page = await context.newPage();
    await page.goto('/c/new');
    await composer(page).waitFor({ timeout: UI_TIMEOUT });
    await setMockOptions({ text: REPLY });
    await composer(page).fill('Hello');
    await composer(page).press('Enter');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: UI_TIMEOUT });
    conversationPath = new URL(page.url()).pathname;
  } finally {
    await setMockOptions({ text: null });
    await context.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('loading a conversation page', { timeout: 60_000 }, () => {
  it('serves the hashed bundles as immutable, and the unhashed theme script as revalidated', async () => {
    const context = await signedIn();
    try {
      const page = await context.newPage();
      await page.goto('/c/new');
      const bundle = await page.locator('script[type="module"]').first().getAttribute('src');
      expect(bundle).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
      const served = await context.request.get(bundle ?? '');
      expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const theme = await context.request.get('/theme-init.js');
      expect(theme.headers()['cache-control']).not.toContain('immutable');
    } finally {
      await context.close();
    }
  });

  it('takes every script from the browser’s cache on a return visit, without asking the server', async () => {
    const context = await signedIn();
    try {
      const first = await openConversation(context);
      const isScript = (entry: LoadedResource) => /^\/assets\/.+\.js$/.test(entry.path);
      const seen = new Set((await resources(first)).filter(isScript).map((entry) => entry.path));
      await first.close();
      const page = await openConversation(context);
      // The ones the first visit had downloaded (a later one may have been on its way still).
      const scripts = (await resources(page)).filter((entry) => isScript(entry) && seen.has(entry.path));
      // The entry, its preloads and the chat route's chunks.
      expect(scripts.length).toBeGreaterThan(5);
      // A revalidated file (304) counts its response headers; one from the cache counts nothing.
      expect(scripts.filter((entry) => entry.transferSize > 0)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
