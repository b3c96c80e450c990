/**
 * The chat screen's chunks preloaded by the page itself (worker/services/spa/route-preloads.ts,
 * listed by web/route-preloads-plugin.ts): /c/… pages name them in <head>, no other page does,
 * each names a real chunk, and the module loader reuses the preloaded responses (same
 * crossorigin mode) instead of downloading a chunk twice.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';
import './provided';

const appUrl = inject('appUrl');
const account: SpecAccount = {
  name: 'Preload Tester',
  email: `preloads${Date.now()}@example.com`,
  password: 'correct horse battery',
};
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerAccount(browser, appUrl, account);
});
afterAll(async () => {
  await browser?.close();
});

/** The hrefs of a page's `<link rel="modulepreload">`, in document order. */
async function preloadsOf(
  context: BrowserContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const response = await context.request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
}

describe('chat screen chunks preloaded with the page', () => {
  it('lists them on /c/new and /c/{id}, each a real chunk, and on no other page', async () => {
    const context = await newContext(browser, appUrl);
    try {
      const loginPreloads = await preloadsOf(context, '/login');
      const chatPreloads = await preloadsOf(context, '/c/new');
      const added = chatPreloads.filter((href) => !loginPreloads.includes(href));
      // The signed-in layout and the chat route themselves, beside what they import.
      expect(
        added.some((href) => /^\/assets\/protected-layout-[\w-]+\.js$/.test(href)),
        added.join(' '),
      ).toBe(true);
      expect(added.length).toBeGreaterThan(2);
      expect(await preloadsOf(context, '/c/3b9d3a52-0c55-4d2f-9d43-2a4f1c1e7a10')).toEqual(chatPreloads);
      // The string catalogues come in the visitor's language.
      const german = await preloadsOf(context, '/c/new', { 'accept-language': 'de-DE' });
      const { length } = chatPreloads;
      expect(german).toHaveLength(length);
      expect(german.filter((href) => !chatPreloads.includes(href)).length).toBeGreaterThan(0);
      for (const path of ['/', '/register', '/search']) {
        expect(await preloadsOf(context, path), path).toEqual(loginPreloads);
      }
      for (const href of added) {
        const chunk = await context.request.get(href);
        expect(chunk.status(), href).toBe(200);
        expect(chunk.headers()['content-type'], href).toMatch(/javascript/);
      }
    } finally {
      await context.close();
    }
  });

  it('opens the chat screen with each preloaded chunk downloaded once', async () => {
    const context = await signedInContext(browser, appUrl, account);
    try {
      const page = await context.newPage();
      await page.goto('/c/new');
      await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
      const { preloaded, loaded } = await page.evaluate(() => ({
        preloaded: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map(
          (link) => link.href,
        ),
        loaded: performance.getEntriesByType('resource').map((entry) => entry.name),
      }));
      expect(preloaded.some((href) => href.includes('/assets/protected-layout-'))).toBe(true);
      for (const href of preloaded) {
        expect(
          loaded.filter((name) => name === href),
          href,
        ).toHaveLength(1);
      }
    } finally {
      await context.close();
    }
  });
});
