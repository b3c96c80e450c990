/**
 * The installable app in Chromium: the service worker installs on a first visit and serves the
 * next one (the shell and its files from its cache, the files by its static route), Chromium
 * finds the manifest valid and the app installable, a navigation without network shows the
 * offline page, and nothing of the user's (no API answer) is ever served from or kept in the
 * worker's cache.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, launchPersistentProfile } from './browser';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';
import './provided';

const appUrl = inject('appUrl');
const UI_TIMEOUT = 20_000;
const account: SpecAccount = {
  name: 'Installable Tester',
  email: `pwa-${Date.now()}@example.com`,
  password: 'pwa e2e password',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerAccount(browser, appUrl, account);
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await signedInContext(browser, appUrl, account, { colorScheme: 'dark' });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/**
 * A first visit: resolves once the worker has installed (shell cached), controls the page, and
 * keeps every hashed file the page loaded.
 */
async function firstVisit(on: Page = page): Promise<void> {
  await on.goto('/c/new');
  await on.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: UI_TIMEOUT });
  await on.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  const loaded = await on.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/')),
  );
  await expect
    .poll(
      async () => {
        const cached = new Set(await cachedPaths(on));
        return loaded.filter((path) => !cached.has(path));
      },
      { timeout: UI_TIMEOUT },
    )
    .toEqual([]);
}

/** Every URL in the worker's caches, as paths with their query. */
const cachedPaths = (on: Page = page): Promise<string[]> =>
  on.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(url.pathname + url.search);
      }
    }
    return paths;
  });

const isApi = (response: Response) => new URL(response.url()).pathname.startsWith('/api/');

describe('the service worker', () => {
  it('installs on the first visit and serves the second: the document through it, the shell’s files from its cache', async () => {
    await firstVisit();
    const cached = await cachedPaths();
    expect(cached).toContain('/');
    const entryScript = cached.find((path) => /^\/assets\/index-[\w-]+\.js$/.test(path));
    expect(entryScript, cached.join(', ')).toBeDefined();

    // What reaches the network from the worker itself during the second visit.
    const workerFetches: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) workerFetches.push(new URL(request.url()).pathname);
    });
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });

    const second = await page.goto('/c/new');
    expect(second?.status()).toBe(200);
    expect(second?.fromServiceWorker()).toBe(true);
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: UI_TIMEOUT });

    const entry = scripts.find((response) => new URL(response.url()).pathname === entryScript);
    expect(entry?.fromServiceWorker()).toBe(true);
    expect(scripts.filter((response) => !response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
    expect(workerFetches.filter((path) => path.startsWith('/assets/'))).toEqual([]);
  });

  it('answers the hashed files from its cache without waking the worker, and keeps again one its cache lost', async () => {
    await firstVisit();
    // A chunk of this page kept at run time (not one of the shell's files), then lost.
    const lost = await page.evaluate(async () => {
      const kept = await (await caches.open('edgechat-assets')).keys();
      const loaded = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
      const request = kept.find((candidate) => loaded.has(candidate.url));
      if (!request) return null;
      for (const name of await caches.keys()) await (await caches.open(name)).delete(request);
      return new URL(request.url).pathname;
    });
    expect(lost).not.toBeNull();

    await page.reload();
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: UI_TIMEOUT });
    // Resource timing names the static route (sw.ts ASSET_ROUTE) each file matched, and where
    // its answer finally came from: the cache, or the network when the cache had no copy.
    const routed = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map(
          (entry) =>
            entry as PerformanceResourceTiming & Record<'workerMatchedSourceType' | 'workerFinalSourceType', string>,
        )
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          route: `${entry.workerMatchedSourceType} → ${entry.workerFinalSourceType}`,
        })),
    );
    expect(routed.length).toBeGreaterThan(3);
    expect(routed.filter((file) => file.path !== lost && file.route !== 'cache → cache')).toEqual([]);
    expect(routed.find((file) => file.path === lost)?.route).toBe('cache → network');
    // The page hands the missed file to the worker, which keeps it for the next visit.
    await expect.poll(async () => (await cachedPaths()).includes(lost ?? ''), { timeout: UI_TIMEOUT }).toBe(true);
  });

  it('never serves or keeps an API answer: nothing of the user is cached, so signing out has nothing to clear', async () => {
    const apiAnswers: Response[] = [];
    page.on('response', (response) => {
      if (isApi(response)) apiAnswers.push(response);
    });
    await firstVisit();
    // A second visit, through the worker: the app's requests for the user's data go out again.
    await page.reload();
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle');

    const paths = apiAnswers.map((response) => new URL(response.url()).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/refresh', '/api/config', '/api/convos']));
    expect(apiAnswers.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);

    // The caches hold the shell and the build's hashed files, nothing else: no API answer, and
    // no page that knows who is signed in.
    const cached = await cachedPaths();
    expect(cached.filter((path) => path !== '/' && !path.startsWith('/assets/'))).toEqual([]);
    const shell = await page.evaluate(async () => (await caches.match('/'))?.text());
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain(account.email);
    expect(shell).not.toContain(account.name);
  });

  it('shows the offline page when the network is gone, whose button retries the same address', async () => {
    await firstVisit();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await context.setOffline(true);

    const offline = await page.goto('/c/new?endpoint=Mock');
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(offline?.status()).toBe(503);
    await expect.poll(() => page.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true);
    // Its style applies (the policy allows it by hash): the dark theme's background.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 13, 13)');

    // A share page the shell cannot render: the same page, not a cached copy.
    await page.goto('/share/4f0e6c9a-offline');
    await expect.poll(() => page.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true);

    await page.goto('/c/new?endpoint=Mock');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).searchParams.get('endpoint')).toBe('Mock');
    expect(violations).toEqual([]);
  });
});

describe('the manifest', () => {
  it('is valid and Chromium judges the app installable', async () => {
    // Chromium judges no app installable in an incognito profile, which a fresh context is.
    const profileDir = await mkdtemp(path.join(tmpdir(), 'edgechat-pwa-'));
    const profile = await launchPersistentProfile(profileDir, { baseURL: appUrl, colorScheme: 'dark' });
    try {
      const login = await profile.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      expect(login.status()).toBe(200);
      await judgeInstallable(profile, profile.pages()[0] ?? (await profile.newPage()));
    } finally {
      await profile.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  });
});

/** The manifest as Chromium reads it, its installability verdict, and the icons it names. */
async function judgeInstallable(profile: BrowserContext, on: Page): Promise<void> {
  await firstVisit(on);
  const cdp = await profile.newCDPSession(on);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const served = await on.request.get('/manifest.webmanifest');
  const body = (await served.json()) as { name: string; start_url: string; icons: { src: string }[] };
  expect(body.name.length).toBeGreaterThan(0);
  expect(body.start_url).toBe('/c/new');
  for (const icon of body.icons) {
    const image = await on.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
}
