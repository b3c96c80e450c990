/**
 * The composer's badge row in Chromium, on an app of its own with a SearXNG instance and an MCP
 * server (loopback mocks, reachable because TOOLS_PRIVATE_HOSTS names them): web search turned
 * on for a chat runs the search and the reply cites it; the row's edit mode, started from
 * Settings (the Beta tab), moves a badge by dragging it, and the saved order survives a reload.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { searxngHandler } from '../../worker/test/mock-tools/search-handlers';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { serveWebHandler, type WebHandlerServer } from '../../worker/tools/mock/web-handler-server';
import { launchBrowser } from './browser';
import { startIsolatedApp, type IsolatedApp } from './isolated-app';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const account: SpecAccount = {
  name: 'Badge User',
  email: `badges${Date.now()}@example.com`,
  password: 'correct horse battery',
};

let app: IsolatedApp;
let searxng: WebHandlerServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const mcpUrl = inject('mcpUrl');
  const handler = searxngHandler();
  searxng = await serveWebHandler(async (request) => handler(request));
  app = await startIsolatedApp({
    name: 'badges',
    env: {
      SEARXNG_INSTANCE_URL: searxng.url,
      TOOLS_PRIVATE_HOSTS: `${new URL(mcpUrl).host},${new URL(searxng.url).host}`,
    },
    config: {
      endpoints: {
        custom: [
          {
            name: 'Mock',
            apiKey: inject('mockApiKey'),
            baseURL: `${inject('mockUrl')}/v1`,
            models: { default: ['mock-fast'], fetch: false },
            titleConvo: false,
          },
        ],
      },
      mcpServers: { [inject('mcpServerName')]: { type: 'streamable-http', url: `${mcpUrl}/mcp` } },
    },
  });
  browser = await launchBrowser();
  await registerAccount(browser, app.url, account);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await searxng?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openChat(): Promise<Page> {
  context = await signedInContext(browser, app.url, account, { reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto('/c/new');
  const box = page.getByRole('textbox', { name: 'Message input' });
  await box.waitFor({ timeout: 15_000 });
  await expect.poll(() => box.isEnabled()).toBe(true);
  return page;
}

const row = (page: Page) => page.getByRole('group', { name: 'Chat badges' });

/** The badges of the row, by name, once both are there. */
async function rowOrder(page: Page): Promise<string[]> {
  await row(page).getByRole('button').nth(1).waitFor({ timeout: 15_000 });
  return row(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent ?? ''));
}

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the composer’s badge row', { timeout: 90_000 }, () => {
  it('turns on web search for a chat: the search runs and the reply cites its pages', async () => {
    const page = await openChat();
    const toggle = row(page).getByRole('button', { name: 'Web search' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const box = page.getByRole('textbox', { name: 'Message input' });
    await box.fill('[mock:tool=web_search:{"query":"otters"}] What about otters?');
    await box.press('Enter');
    const citation = page.getByRole('link', { name: '[1]' }).first();
    await citation.waitFor({ timeout: 20_000 });
    expect(await citation.getAttribute('href')).toBe('https://en.example.org/wiki/Topic');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'chat-badges-web-search.png') });
  });

  it('moves a badge by dragging it in edit mode; the saved order survives a reload', async () => {
    const page = await openChat();
    expect(await rowOrder(page)).toEqual(['Web search', 'MCP servers']);

    await page
      .getByRole('button', { name: /^Account menu/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Beta features' }).click();
    await dialog.getByRole('button', { name: 'Edit: Chat badges' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = page.getByRole('list', { name: 'Chat badges' });
    const items = list.getByRole('listitem');
    const from = await center(items.filter({ hasText: 'Web search' }));
    const to = await center(items.filter({ hasText: 'MCP servers' }));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'chat-badges-dragging.png') });
    await page.mouse.up();
    await expect.poll(() => items.allTextContents()).toEqual(['MCP servers', 'Web search']);
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await rowOrder(page)).toEqual(['MCP servers', 'Web search']);

    await page.reload();
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
    expect(await rowOrder(page)).toEqual(['MCP servers', 'Web search']);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'chat-badges-saved.png') });
  });
});
