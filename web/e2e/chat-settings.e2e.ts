/**
 * The chat tab's layout settings in Chromium, on the shared app: after one exchange with the mock
 * provider, the settings dialog's font size, chat direction and "maximize chat space" change what
 * the conversation looks like (computed text size, writing direction, column width), at once
 * and again after a reload.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const appUrl = inject('appUrl');
const account: SpecAccount = {
  name: 'Layout Tester',
  email: `chat-settings-${Date.now()}@example.com`,
  password: 'layout password',
};
/** Wide enough that the 768 px reading column leaves room on both sides. */
const VIEWPORT = { width: 1600, height: 900 };
const READING_WIDTH_PX = 768;

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerAccount(browser, appUrl, account);
  context = await signedInContext(browser, appUrl, account, { viewport: VIEWPORT, reducedMotion: 'reduce' });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const fontSize = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontSize);
const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;

/** What the checks look at: the reply's text, its row, the message box and the box's column. */
function chatParts(page: Page) {
  const reply = page.getByText('You said: Hello layout').last();
  const box = page.getByRole('textbox', { name: 'Message input' });
  return {
    reply,
    replyRow: page.getByRole('article').filter({ has: reply }),
    box,
    boxColumn: page.locator('form').filter({ has: box }).locator('xpath=..'),
    chatArea: page.locator('main').filter({ has: box }),
  };
}

async function openChatTab(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Chat' }).click();
  return dialog;
}

describe('chat layout settings', () => {
  it('font size, chat direction and maximize chat space change the conversation, and outlast a reload', async () => {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    await page.goto('/c/new');
    const parts = chatParts(page);
    await parts.box.waitFor({ timeout: 15_000 });
    await expect.poll(() => parts.box.isEnabled()).toBe(true);
    await parts.box.fill('Hello layout');
    await parts.box.press('Enter');
    await parts.reply.waitFor({ timeout: 20_000 });
    // LibreChat's defaults: 16 px text, the page's direction, a reading-width column. The
    // streamed row is redrawn when the reply settles: each reading is polled, so a row replaced
    // under a measurement is simply measured again.
    await expect.poll(() => fontSize(parts.reply)).toBe('16px');
    await expect.poll(() => fontSize(parts.box)).toBe('16px');
    await expect.poll(() => direction(parts.reply)).toBe('ltr');
    await expect.poll(() => parts.chatArea.getAttribute('dir')).toBeNull();
    await expect.poll(() => width(parts.replyRow)).toBeLessThanOrEqual(READING_WIDTH_PX);
    await expect.poll(() => width(parts.boxColumn)).toBeLessThanOrEqual(READING_WIDTH_PX);

    const dialog = await openChatTab(page);
    await dialog.getByRole('combobox', { name: 'Font size' }).selectOption({ label: 'Extra large' });
    await dialog.getByRole('combobox', { name: 'Chat direction' }).selectOption({ label: 'Right to left' });
    await dialog.getByRole('switch', { name: 'Maximize chat space' }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const check = async () => {
      const shown = chatParts(page);
      await shown.reply.waitFor({ timeout: 15_000 });
      await expect.poll(() => fontSize(shown.reply)).toBe('20px');
      await expect.poll(() => fontSize(shown.box)).toBe('20px');
      await expect.poll(() => direction(shown.reply)).toBe('rtl');
      await expect.poll(() => direction(shown.box)).toBe('rtl');
      await expect.poll(() => shown.chatArea.getAttribute('dir')).toBe('rtl');
      // Only the chat area turned: the page itself (the sidebar, the header) keeps its direction.
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).direction)).toBe('ltr');
      const areaWidth = await width(shown.chatArea);
      await expect.poll(() => width(shown.replyRow)).toBeGreaterThan(READING_WIDTH_PX);
      await expect.poll(() => width(shown.replyRow)).toBeGreaterThan(areaWidth - 64);
      await expect.poll(() => width(shown.boxColumn)).toBeGreaterThan(areaWidth - 64);
    };
    await check();

    await page.reload();
    await check();
    await page.close();
  });
});
