/**
 * Shared links against the real worker, in Chromium: a signed-in user chats with the mock
 * provider and shares the chat from its sidebar row; a visitor who is not signed in (a fresh
 * browser profile) gets the conversation server-rendered in the raw HTML, then the SPA's view
 * of it. Refreshing the link retires the old address, deleting it retires the new one.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeRequestsInFlight, launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import './provided';

const appUrl = inject('appUrl');
const password = 'correct horse battery';
const email = `share${Date.now()}@example.com`;
const QUESTION = 'Which river runs through Lisbon?';
const REPLY = 'The Tagus runs through Lisbon & meets the sea.';
const NOT_FOUND = 'Shared link not found';
const UI_TIMEOUT = 20_000;

let browser: Browser;
let owner: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser, appUrl, { viewport: { width: 1280, height: 800 } });
  const signUp = await owner.request.post('/api/auth/register', {
    data: { name: 'Share Tester', email, password, confirm_password: password },
  });
  expect(signUp.status()).toBeLessThan(300);
  const login = await owner.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  await setMockOptions({ text: REPLY });
});
afterAll(async () => {
  await setMockOptions({ text: null }).catch(() => {});
  await browser?.close();
});

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A visitor: a browser profile that has never signed in. */
async function withVisitor<T>(
  use: (visitor: BrowserContext) => Promise<T>,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<T> {
  const visitor = await newContext(browser, appUrl, options);
  try {
    return await use(visitor);
  } catch (error) {
    if (error instanceof Error) error.message += `\nIn flight: ${describeRequestsInFlight(visitor)}`;
    throw error;
  } finally {
    await visitor.close();
  }
}

/** The page as the server sends it, before any script runs. */
async function rawPage(url: string): Promise<{ status: number; html: string }> {
  return withVisitor(async (visitor) => {
    const response = await visitor.request.get(url);
    return { status: response.status(), html: await response.text() };
  });
}

async function visitorSees(url: string, text: string, role: 'heading' | 'text' = 'text'): Promise<void> {
  await withVisitor(async (visitor) => {
    const page = await visitor.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const target =
      role === 'heading' ? page.getByRole('heading', { level: 1, name: text }) : page.getByText(text, { exact: true });
    await target.waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
  });
}

async function openShareDialog(page: Page, title: string) {
  await page
    .getByRole('button', { name: new RegExp(`options.*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i') })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  return page.getByRole('dialog', { name: 'Share link to chat' });
}

describe('sharing a conversation', { timeout: 120_000 }, () => {
  it('creates, serves publicly, refreshes and deletes a link', async () => {
    const page = await owner.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    await page.goto('/c/new');
    const composer = page.getByRole('textbox', { name: 'Message input' });
    await composer.waitFor({ timeout: UI_TIMEOUT });
    await composer.fill(QUESTION);
    await composer.press('Enter');
    await page.getByText(REPLY).last().waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: UI_TIMEOUT });
    const conversationId = /\/c\/([0-9a-f-]{36})/.exec(page.url())?.[1];
    expect(conversationId).toBeTruthy();

    // The row's title, once the sidebar shows the conversation.
    const row = page.locator(`a[href="/c/${conversationId}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    // The mock also writes the title; wait for it, so the link's snapshot carries it.
    await expect
      .poll(async () => (await row.getAttribute('title')) ?? 'New Chat', { timeout: UI_TIMEOUT })
      .not.toBe('New Chat');
    const title = (await row.getAttribute('title')) ?? '';

    const dialog = await openShareDialog(page, title);
    await dialog
      .getByText('Your name and any messages you add after sharing stay private.')
      .waitFor({ timeout: UI_TIMEOUT });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Shared link' });
    await linkField.waitFor({ timeout: UI_TIMEOUT });
    const firstUrl = await linkField.inputValue();
    expect(firstUrl).toMatch(new RegExp(`^${appUrl.replace(/\/$/, '')}/share/[A-Za-z0-9_-]+$`));
    expect(await dialog.getByRole('img', { name: 'QR code of the shared link' }).getAttribute('width')).toBe('200');

    // The server rendered the conversation before any script runs.
    const served = await rawPage(firstUrl);
    expect(served.status).toBe(200);
    expect(served.html).toContain(`<title>${escapeHtml(title)} | `);
    expect(served.html).toContain(escapeHtml(QUESTION));
    expect(served.html).toContain(escapeHtml(REPLY));
    expect(served.html).toContain('id="share-data"');
    await withVisitor(
      async (visitor) => {
        const noScript = await visitor.newPage();
        await noScript.goto(firstUrl, { waitUntil: 'domcontentloaded' });
        await noScript.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: UI_TIMEOUT });
        await noScript.getByText(REPLY).waitFor({ timeout: UI_TIMEOUT });
      },
      { javaScriptEnabled: false },
    );

    // With scripts, signed out: the SPA's view, no detour to /login, the browser title set.
    await withVisitor(async (visitor) => {
      const view = await visitor.newPage();
      await view.goto(firstUrl, { waitUntil: 'domcontentloaded' });
      await view.getByRole('feed').waitFor({ timeout: UI_TIMEOUT });
      await view.getByRole('heading', { level: 1, name: title }).waitFor();
      await view.getByText(QUESTION, { exact: true }).waitFor();
      await view.getByText(REPLY).waitFor();
      // The SPA took the page over: the server's copy is gone, so nothing shows twice.
      expect(await view.locator('#share-ssr').count()).toBe(0);
      await view.waitForTimeout(600);
      expect(new URL(view.url()).pathname).toBe(new URL(firstUrl).pathname);
      expect(await view.title()).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
    });

    // The link is listed in Settings → Data → Shared links; reopening the dialog finds it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: /Data/ }).click();
    await page.getByRole('button', { name: 'Manage' }).click();
    const manager = page.getByRole('dialog', { name: 'Shared links' });
    const listed = manager.getByRole('link', { name: title });
    await listed.waitFor({ timeout: UI_TIMEOUT });
    expect(await listed.getAttribute('href')).toBe(new URL(firstUrl).pathname);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await openShareDialog(page, title);
    await expect.poll(() => linkField.inputValue(), { timeout: UI_TIMEOUT }).toBe(firstUrl);

    // Refresh: a new address; the old one is gone, for the raw HTML and the SPA alike.
    await dialog.getByRole('button', { name: 'Refresh link' }).click();
    await expect.poll(() => linkField.inputValue(), { timeout: UI_TIMEOUT }).not.toBe(firstUrl);
    const secondUrl = await linkField.inputValue();
    const retired = await rawPage(firstUrl);
    expect(retired.status).toBe(404);
    expect(retired.html).toContain(NOT_FOUND);
    expect(retired.html).not.toContain(escapeHtml(REPLY));
    await visitorSees(firstUrl, NOT_FOUND);
    const renewed = await rawPage(secondUrl);
    expect(renewed.status).toBe(200);
    expect(renewed.html).toContain(escapeHtml(REPLY));
    await visitorSees(secondUrl, title, 'heading');

    // Delete: the dialog goes back to "create", the link stops working.
    await dialog.getByRole('button', { name: 'Delete link' }).click();
    await page.getByText('Successfully deleted shared link').waitFor({ timeout: UI_TIMEOUT });
    await dialog.getByRole('button', { name: 'Create link' }).waitFor();
    const deleted = await rawPage(secondUrl);
    expect(deleted.status).toBe(404);
    expect(deleted.html).toContain(NOT_FOUND);
    await visitorSees(secondUrl, NOT_FOUND);
  });
});
