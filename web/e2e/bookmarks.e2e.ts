/**
 * Bookmarks against the real worker and the mock provider, in Chromium: a new user signs up,
 * has two chats, bookmarks one with a new bookmark from the header menu, narrows the sidebar
 * to that bookmark and widens it again, then renames and deletes the bookmark in the manager.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import './provided';

const appUrl = inject('appUrl');
const STREAM_TIMEOUT = 20_000;
const account = {
  name: 'Bookmark Tester',
  email: `bookmarks${Date.now()}@example.com`,
  password: 'correct horse battery',
};

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, appUrl);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message input' });
const header = (page: Page) => page.getByRole('banner');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Chat history' });
const bookmarkButton = (page: Page) => header(page).getByRole('button', { name: 'Bookmarks', exact: true });
const chatLink = (page: Page, conversationId: string) => sidebar(page).locator(`a[href="/c/${conversationId}"]`);
const conversationIdOf = (page: Page): string => /\/c\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

async function signUp(page: Page): Promise<void> {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Email address').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Registration successful.').waitFor();
  await page.waitForURL((url) => url.pathname === '/c/new', { timeout: 15_000 });
}

/** Starts a chat from /c/new and waits until the reply is saved; returns its id. */
async function startChat(page: Page, text: string): Promise<string> {
  await page.goto('/c/new');
  await composer(page).waitFor({ timeout: 15_000 });
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/, { timeout: STREAM_TIMEOUT });
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });
  return conversationIdOf(page);
}

/**
 * Left out of the axe check: the toast list (components/ui/toast-provider, not this feature's).
 * Its items carry status roles, which axe's `list` rule refuses, and a bookmark toast may be showing.
 */
const TOAST_LIST = ['ol[aria-live]'];

const isFilled = async (button: Locator) => (await button.locator('svg[data-filled]').count()) === 1;

describe('bookmarks', () => {
  it('bookmarks a chat from the header, filters the sidebar by it, then renames and deletes it', async () => {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
    await signUp(page);

    const first = await startChat(page, 'First chat about apples');
    const second = await startChat(page, 'Second chat about pears');
    expect(first).not.toBe(second);
    await chatLink(page, first).waitFor();
    await chatLink(page, second).waitFor();

    // The header menu of the open (second) chat: a new bookmark, put on this chat by default.
    expect(await isFilled(bookmarkButton(page))).toBe(false);
    await bookmarkButton(page).click();
    await page.getByRole('menuitem', { name: 'New Bookmark' }).click();
    const createDialog = page.getByRole('dialog', { name: 'New Bookmark' });
    expect(await createDialog.getByRole('checkbox', { name: 'Add to current conversation' }).isChecked()).toBe(true);
    await createDialog.getByRole('textbox', { name: 'Title' }).fill('Fruit');
    await createDialog.getByRole('button', { name: 'Save' }).click();
    await createDialog.waitFor({ state: 'hidden' });
    await bookmarkButton(page).locator('svg[data-filled]').waitFor();
    await bookmarkButton(page).click();
    expect(await page.getByRole('menuitemcheckbox', { name: 'Fruit' }).getAttribute('aria-checked')).toBe('true');
    // The default bookmark exists too, not on this chat.
    expect(await page.getByRole('menuitemcheckbox', { name: 'Saved' }).getAttribute('aria-checked')).toBe('false');
    expect(await axeViolations(page, { exclude: TOAST_LIST })).toEqual([]);
    await page.keyboard.press('Escape');

    // The sidebar narrowed to the bookmark: only the second chat.
    await sidebar(page).getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Fruit' }).click();
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('button', { name: 'Bookmarks: Fruit' }).waitFor();
    await chatLink(page, second).waitFor();
    expect(await chatLink(page, first).count()).toBe(0);

    // Cleared: both again.
    await sidebar(page).getByRole('button', { name: 'Clear filter' }).click();
    await chatLink(page, first).waitFor();
    expect(await chatLink(page, second).isVisible()).toBe(true);

    // The manager: the count, a rename the open chat follows, then a delete.
    await sidebar(page).getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Manage bookmarks' }).click();
    const manager = page.getByRole('dialog', { name: 'Bookmarks' });
    const fruitRow = manager.getByRole('row').filter({ hasText: 'Fruit' });
    await fruitRow.getByText('1 chat', { exact: true }).waitFor();
    await manager.getByRole('button', { name: 'Edit Fruit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Bookmark' });
    await editDialog.getByRole('textbox', { name: 'Title' }).fill('Produce');
    await editDialog.getByRole('textbox', { name: 'Description' }).fill('Things that grow');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await manager.getByText('Things that grow').waitFor();
    expect(await manager.getByRole('button', { name: 'Edit Fruit' }).count()).toBe(0);
    expect(await axeViolations(page, { exclude: TOAST_LIST })).toEqual([]);

    // The order is kept by the server: move Produce above Saved with the keyboard button.
    await manager.getByRole('button', { name: 'Move Produce up' }).click();
    await expect.poll(() => manager.getByRole('row').nth(1).textContent()).toContain('Produce');

    await manager.getByRole('button', { name: 'Delete Produce' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Bookmark' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await manager.getByRole('row').filter({ hasText: 'Produce' }).waitFor({ state: 'detached' });
    await manager.getByRole('button', { name: 'Close' }).click();
    await manager.waitFor({ state: 'hidden' });
    // The open chat lost it: an empty icon.
    expect(await isFilled(bookmarkButton(page))).toBe(false);

    // What the server kept, after a reload: only Saved, on no chat.
    await page.reload();
    await bookmarkButton(page).click();
    await page.getByRole('menuitemcheckbox', { name: 'Saved' }).waitFor();
    expect(await page.getByRole('menuitemcheckbox').count()).toBe(1);
    await page.close();
  });
});
