/**
 * A keyboard-only journey, with no mouse at all: sign in, land in the message box, use the skip
 * link, send a message, then open and close every kind of menu (a sidebar row's, the account
 * menu, presets, Export/Share, the model and endpoint pickers) and the settings dialog, on a
 * desktop and on a phone, where the sidebar must hold focus while it covers the page. At each
 * step the focused control shows a 2 px ring at 3:1 or more, menus lie wholly inside the
 * viewport, toasts cover nothing the user types into, and axe finds nothing.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { waitForPath } from './account-helpers';
import { axeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import { composer } from './chat-quality';
import { expectFocusRing, expectInsideViewport, focusedElement, tabTo } from './focus-quality';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const password = 'keyboard password';
const email = `keyboard-${Date.now()}@example.com`;

/** The message box's focus ring is drawn by its frame (the rounded box around text and buttons). */
const MESSAGE_BOX_FRAME = 'form > div';
const MESSAGE_BOX = /^textarea "Message input"$/;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  context = await newContext(browser, appUrl, { viewport: DESKTOP, reducedMotion: 'reduce' });
  const registered = await context.request.post('/api/auth/register', {
    data: { name: 'Kay Board', email, password, confirm_password: password },
  });
  expect(registered.status()).toBeLessThan(300);
  // Registering signed this profile in; the journey signs in itself.
  await context.clearCookies();
  page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
});
afterAll(async () => {
  await browser?.close();
});

/** Focus as a fresh page load leaves it: nothing focused, Tab starts at the top of the page. */
async function restartTabOrder(): Promise<void> {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.addEventListener('blur', () => start.remove(), { once: true });
  });
}

/**
 * Opens the menu behind the button Tab reaches by `trigger`, checks the ring on the button
 * and on the focused item, that the menu lies inside the viewport and that Escape gives focus
 * back to the button. `popup` is the menu's role.
 */
async function openAndCloseMenu(
  trigger: RegExp,
  where: string,
  { popup = 'menu', screenshot }: { popup?: 'menu' | 'listbox'; screenshot?: string } = {},
): Promise<void> {
  await tabTo(page, trigger);
  await expectFocusRing(page, `${where}: button`);
  await page.keyboard.press('Enter');
  const menu = page.getByRole(popup);
  await menu.waitFor();
  await expectFocusRing(page, `${where}: first item`);
  await expectInsideViewport(page, menu, where);
  await page.keyboard.press('ArrowDown');
  await expectFocusRing(page, `${where}: next item`);
  if (screenshot) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${screenshot}.png`), caret: 'hide' });
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  expect(await focusedElement(page), `${where}: Escape returns to the button`).toMatch(trigger);
}

/** Waits until an opened menu has moved focus onto its first item, before keys walk it. */
async function firstItemFocused(): Promise<void> {
  await expect.poll(() => focusedElement(page)).toMatch(/^menuitem /);
}

/** Tabs to a chat's row menu and duplicates the chat with the keyboard (it shows toasts). */
async function duplicateFromRowMenu(): Promise<void> {
  await tabTo(page, /^button "Options for /);
  await page.keyboard.press('Enter');
  await firstItemFocused();
  for (let i = 0; i < 6 && !/menuitem "Duplicate"/.test(await focusedElement(page)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/**
 * A toast shown now lies clear of the message box. Both are measured in one frame: a toast is
 * replaced (info, then success) and the page may be re-rendering under it, so two separate
 * reads could each catch the other mid-change.
 */
async function expectToastClearOfMessageBox(where: string): Promise<void> {
  await page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
  const measured = await page.waitForFunction(() => {
    const toast = document.querySelector('ol[aria-label] > li');
    const form = document.querySelector('main form');
    if (!toast || !form) return null;
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return width > 0 && height > 0 ? { x, y, width, height } : null;
    };
    const toastBox = box(toast);
    const formBox = box(form);
    return toastBox && formBox ? { toastBox, formBox } : null;
  });
  const boxes = await measured.jsonValue();
  if (!boxes) throw new Error(`${where}: toast and message box never laid out together`);
  const { toastBox, formBox } = boxes;
  const apart =
    toastBox.y + toastBox.height <= formBox.y ||
    formBox.y + formBox.height <= toastBox.y ||
    toastBox.x + toastBox.width <= formBox.x ||
    formBox.x + formBox.width <= toastBox.x;
  expect(apart, `${where}: toast ${JSON.stringify(toastBox)} over the message box ${JSON.stringify(formBox)}`).toBe(
    true,
  );
}

describe('keyboard-only journey', () => {
  it('signs in and lands in the message box, with a skip link first in the tab order', async () => {
    await page.goto('/login');
    await tabTo(page, /^input "Email address"$/);
    await expectFocusRing(page, 'login: email field');
    await page.keyboard.type(email);
    await tabTo(page, /^input "Password"$/);
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/c/new');
    await composer(page).waitFor();
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toMatch(MESSAGE_BOX);
    await expectFocusRing(page, 'message box after login', MESSAGE_BOX_FRAME);

    // The skip link is the first stop, shown with a ring, and leads past the sidebar and header.
    await restartTabOrder();
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toBe('a "Skip to the message box"');
    await expectFocusRing(page, 'skip link');
    await page.keyboard.press('Enter');
    expect(await focusedElement(page)).toMatch(MESSAGE_BOX);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends a message from the keyboard', async () => {
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/c\/(?!new)/.test(url.pathname), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 20_000 });
    // The address changed from /c/new to /c/{id}: focus is still where the user typed.
    expect(await focusedElement(page), 'focus stays in the message box after the first send').toMatch(MESSAGE_BOX);
    await page
      .getByRole('link', { name: /hello from the keyboard/i })
      .first()
      .waitFor();
  });

  it('opens and closes each menu on a desktop, with a visible ring on every focused item', async () => {
    await restartTabOrder();
    await openAndCloseMenu(/^button "Options for /, 'desktop row menu', { screenshot: 'keyboard-row-menu-desktop' });
    await openAndCloseMenu(/^button "Account menu/, 'desktop account menu');
    await restartTabOrder();
    await openAndCloseMenu(/^button "Presets"$/, 'desktop presets');
    await restartTabOrder();
    await openAndCloseMenu(/^button "Export\/Share"$/, 'desktop Export/Share');
    await restartTabOrder();
    await openAndCloseMenu(/^button "Endpoint: /, 'desktop endpoint picker', { popup: 'listbox' });
    await restartTabOrder();
    await openAndCloseMenu(/^button "Model: /, 'desktop model picker', { popup: 'listbox' });
  });

  it('opens the settings from the account menu and Escape brings focus back', async () => {
    await restartTabOrder();
    await tabTo(page, /^button "Account menu/);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await firstItemFocused();
    for (let i = 0; i < 8 && !/menuitem "Settings"/.test(await focusedElement(page)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expectFocusRing(page, 'account menu: Settings');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectFocusRing(page, 'settings: first control');
    await page.keyboard.press('Tab');
    await expectFocusRing(page, 'settings: next control');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatch(/^button "Account menu/);
  });

  it('shows toasts clear of the message box on a desktop', async () => {
    await restartTabOrder();
    await duplicateFromRowMenu();
    await expectToastClearOfMessageBox('desktop');
  });

  it('on a phone, the sidebar holds focus while open and Escape returns it to the toggle', async () => {
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.getByRole('navigation', { name: 'Chat history' }).count()).toBe(0);
    await restartTabOrder();
    await tabTo(page, /^button "Open sidebar"$/);
    await expectFocusRing(page, 'phone: sidebar toggle');
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('navigation', { name: 'Chat history' });
    await sidebar.waitFor();
    const inSidebar = () => sidebar.evaluate((nav) => nav.contains(document.activeElement));
    expect(await inSidebar(), 'focus moves into the sidebar').toBe(true);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press(key);
        expect(await inSidebar(), `${key} ×${i + 1} stays in the sidebar (${await focusedElement(page)})`).toBe(true);
      }
    }
    expect(await axeViolations(page)).toEqual([]);

    // The row menu, near the left edge of a phone: inside the screen; Escape closes the menu alone.
    await tabTo(page, /^button "Options for /);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expectInsideViewport(page, menu, 'phone row menu');
    await expectFocusRing(page, 'phone row menu: first item');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'keyboard-row-menu-phone.png'), caret: 'hide' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatch(/^button "Options for /);
    await sidebar.waitFor();

    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toBe('button "Open sidebar"');
    await expectFocusRing(page, 'phone: toggle after closing the sidebar');
  });

  it('on a phone, the account menu stays on screen, the skip link works and toasts stay clear', async () => {
    // A phone's header has no room for the account menu: it sits at the top of the sidebar.
    await restartTabOrder();
    await tabTo(page, /^button "Open sidebar"$/);
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('navigation', { name: 'Chat history' });
    await sidebar.waitFor();
    await openAndCloseMenu(/^button "Account menu/, 'phone account menu', {
      screenshot: 'keyboard-account-menu-phone',
    });
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
    await restartTabOrder();
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toBe('a "Skip to the message box"');
    await page.keyboard.press('Enter');
    expect(await focusedElement(page)).toMatch(MESSAGE_BOX);
    await expectFocusRing(page, 'phone message box', MESSAGE_BOX_FRAME);

    // A toast on a phone: duplicate the chat from its row menu in the sidebar.
    await restartTabOrder();
    await tabTo(page, /^button "Open sidebar"$/);
    await page.keyboard.press('Enter');
    await duplicateFromRowMenu();
    // Measured at once: a toast is gone after a few seconds. The message box keeps its place
    // under the sidebar.
    await expectToastClearOfMessageBox('phone');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Chat history' }).waitFor({ state: 'detached' });
  });
});
