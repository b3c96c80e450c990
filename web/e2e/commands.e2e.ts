/**
 * The composer's `@` command on the running app: typing `@` and part of a model's name lists it
 * above the message box, Enter switches the chat to it (the header's model button says so) and
 * removes the typed `@…`, and the next message goes to that model. On a phone the whole list
 * sits on screen above the message box. Screenshots of the open list go to
 * test-results/screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { PHONE } from './devices';
import { clearMockRequests, mockRequests } from './mock';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const account: SpecAccount = {
  name: 'Command Tester',
  email: `commands-${Date.now()}@example.com`,
  password: 'commands password',
};
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerAccount(browser, appUrl, account);
  context = await signedInContext(browser, appUrl, account);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('composer commands', () => {
  it('@ switches the model from the message box, and the next message goes to it', async () => {
    const page = await context.newPage();
    await page.goto('/c/new');
    const box = page.getByRole('textbox', { name: 'Message input' });
    await box.waitFor({ timeout: 15_000 });
    const modelButton = page.getByRole('button', { name: /^Model:/ });
    await expect.poll(() => modelButton.getAttribute('aria-label')).not.toBe('Model: mock-slow');

    await box.click();
    await box.pressSequentially('@slow');
    const list = page.getByRole('listbox', { name: 'Switch the model for this chat' });
    await list.waitFor();
    expect(await list.getByRole('option').allTextContents()).toEqual([expect.stringContaining('mock-slow')]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'commands-at-list.png') });
    expect(await axeViolations(page)).toEqual([]);

    await box.press('Enter');
    await list.waitFor({ state: 'detached' });
    await expect.poll(() => modelButton.getAttribute('aria-label')).toBe('Model: mock-slow');
    expect(await box.inputValue()).toBe('');
    // The box kept the focus: the user types on.
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    await clearMockRequests();
    await box.pressSequentially('Which model are you?');
    await box.press('Enter');
    await page.getByText('You said: Which model are you?').last().waitFor({ timeout: 20_000 });
    const sent = (await mockRequests())
      .filter((request) => request.path.endsWith('/chat/completions'))
      .map((request) => request.body as { model: string; stream?: boolean })
      .find((body) => body.stream === true);
    expect(sent?.model).toBe('mock-slow');
    await page.close();
  });

  it('on a phone, the unfiltered list sits on screen above the message box and scrolls inside', async () => {
    const phone = await signedInContext(browser, appUrl, account, {
      viewport: PHONE.viewport,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await phone.newPage();
    await page.goto('/c/new');
    const box = page.getByRole('textbox', { name: 'Message input' });
    await box.waitFor({ timeout: 15_000 });
    await box.click();
    await box.pressSequentially('@');
    const list = page.getByRole('listbox', { name: 'Switch the model for this chat' });
    await list.waitFor();
    const listBox = await list.boundingBox();
    const inputBox = await box.boundingBox();
    expect(listBox && inputBox).toBeTruthy();
    if (!listBox || !inputBox) return;
    expect(listBox.y).toBeGreaterThanOrEqual(0);
    expect(listBox.x).toBeGreaterThanOrEqual(0);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(listBox.y + listBox.height).toBeLessThanOrEqual(inputBox.y);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'commands-at-list-phone.png') });
    await phone.close();
  });
});
