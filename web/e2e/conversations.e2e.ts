/**
 * The sidebar's conversation actions against the real worker, in Chromium: rename inline from a
 * row's menu (kept after a reload), archive (the chat leaves the list) and unarchive from the
 * archived chats manager (it comes back), delete the open chat (the page goes to /c/new),
 * import a LibreChat export from Settings → Data controls and read the imported chat, and
 * delete all chats. Conversations a test only needs to exist are imported through the API.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { accessTokenFromPage, apiFromPage, waitForPath } from './account-helpers';
import { launchBrowser, newContext } from './browser';
import './provided';

const appUrl = inject('appUrl');
const endpoint = inject('mockEndpointName');
const password = 'correct horse battery';
const email = `convos${Date.now()}@example.com`;
/** LibreChat's parent id of a conversation's first message. */
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  const first = await newContext(browser, appUrl);
  const reg = await first.request.post('/api/auth/register', {
    data: { name: 'Convo Tester', email, password, confirm_password: password },
  });
  expect(reg.status()).toBeLessThan(300);
  await first.close();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newContext(browser, appUrl, { viewport: { width: 1280, height: 800 } });
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
});
afterEach(async () => {
  await context.close();
});

type Turn = { question: string; answer: string };

/** A LibreChat export of one conversation (its flat form: each message names its parent). */
function libreChatExport(title: string, turns: Turn[]) {
  const messages: Record<string, unknown>[] = [];
  let parent = NO_PARENT;
  for (const { question, answer } of turns) {
    const asked = randomUUID();
    const answered = randomUUID();
    messages.push({ messageId: asked, parentMessageId: parent, text: question, isCreatedByUser: true, sender: 'User' });
    messages.push({
      messageId: answered,
      parentMessageId: asked,
      text: answer,
      isCreatedByUser: false,
      sender: 'Mock',
      model: 'mock-model',
    });
    parent = answered;
  }
  return { conversationId: randomUUID(), title, endpoint, options: { endpoint, model: 'mock-model' }, messages };
}

/**
 * Imports conversations through the API, before a page is open: the refresh that gives the
 * token rotates the context's cookie, which no page is using yet.
 */
async function importThroughApi(request: APIRequestContext, ...titles: string[]): Promise<void> {
  const refresh = await request.post('/api/auth/refresh');
  const { token } = (await refresh.json()) as { token: string };
  for (const title of titles) {
    const file = JSON.stringify(
      libreChatExport(title, [{ question: `Question of ${title}`, answer: `Answer of ${title}` }]),
    );
    const answer = await request.post('/api/convos/import', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(file) } },
    });
    expect(answer.status()).toBe(201);
  }
}

async function openPage(path = '/c/new'): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
  return page;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Chat history' });
const chatLink = (page: Page, title: string) => sidebar(page).getByRole('link', { name: title, exact: true });

async function rowMenu(page: Page, title: string, item: 'Rename' | 'Archive' | 'Delete'): Promise<void> {
  await sidebar(page)
    .getByRole('button', { name: `Options for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function openSettings(page: Page, tab: 'General' | 'Data controls') {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: tab }).click();
  return settings;
}

describe('conversation actions', () => {
  it('renames a chat inline from its row menu; Enter saves and the title survives a reload', async () => {
    await importThroughApi(context.request, 'Rename me please');
    const page = await openPage();
    await chatLink(page, 'Rename me please').waitFor();

    await rowMenu(page, 'Rename me please', 'Rename');
    const field = sidebar(page).getByRole('textbox', { name: 'New title for Rename me please' });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill('Renamed in the sidebar');
    await field.press('Enter');
    await chatLink(page, 'Renamed in the sidebar').waitFor();
    expect(await field.count()).toBe(0);

    await page.reload();
    await chatLink(page, 'Renamed in the sidebar').waitFor({ timeout: 15_000 });
    expect(await chatLink(page, 'Rename me please').count()).toBe(0);
    await page.close();
  });

  it('archives a chat out of the list, then unarchives it from the archived chats manager', async () => {
    await importThroughApi(context.request, 'Archive and return');
    const page = await openPage();
    await chatLink(page, 'Archive and return').waitFor();

    await rowMenu(page, 'Archive and return', 'Archive');
    await chatLink(page, 'Archive and return').waitFor({ state: 'detached' });

    const settings = await openSettings(page, 'General');
    await settings.getByRole('button', { name: 'Manage' }).click();
    const manager = page.getByRole('dialog', { name: 'Archived chats' });
    const archivedRow = manager.getByRole('row').filter({ hasText: 'Archive and return' });
    await archivedRow.waitFor();
    expect(await archivedRow.getByRole('link', { name: 'Archive and return' }).getAttribute('href')).toMatch(
      /^\/c\/[0-9a-f-]{36}$/,
    );
    // Rows of the archived chats table are 48 px high.
    expect((await archivedRow.boundingBox())?.height).toBe(48);

    await manager.getByRole('button', { name: 'Unarchive Archive and return' }).click();
    await manager.getByText('You have no archived conversations.').waitFor();
    await page.keyboard.press('Escape');
    await manager.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await chatLink(page, 'Archive and return').waitFor();

    await page.reload();
    await chatLink(page, 'Archive and return').waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('deletes the open chat after confirming, and the page goes to a new chat', async () => {
    await importThroughApi(context.request, 'Delete me when open', 'Keep me around');
    const page = await openPage();
    await chatLink(page, 'Delete me when open').click();
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const id = /\/c\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    await page.getByRole('feed').getByText('Answer of Delete me when open').waitFor({ timeout: 15_000 });
    expect(await chatLink(page, 'Delete me when open').getAttribute('aria-current')).toBe('page');

    await rowMenu(page, 'Delete me when open', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete chat?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/c/new');
    await chatLink(page, 'Delete me when open').waitFor({ state: 'detached' });
    await chatLink(page, 'Keep me around').waitFor();

    const token = await accessTokenFromPage(page);
    expect((await apiFromPage(page, `/api/convos/${id}`, token)).status).toBe(404);
    await page.close();
  });

  it('imports a LibreChat export from Settings → Data controls and opens the imported chat', async () => {
    const page = await openPage();
    const settings = await openSettings(page, 'Data controls');
    const fileInput = settings.getByTestId('import-conversations-file');

    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not json') });
    await page.getByRole('alert').filter({ hasText: 'Unsupported import type' }).waitFor();

    const file = libreChatExport('Imported from LibreChat', [
      { question: 'What is the capital of Iceland?', answer: 'Reykjavik is the capital of Iceland.' },
      { question: 'And its population?', answer: 'About 140,000 people live there.' },
    ]);
    await fileInput.setInputFiles({
      name: 'LibreChat export.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page
      .getByRole('status')
      .filter({ hasText: 'Imported 1 conversation (4 messages).' })
      .waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await chatLink(page, 'Imported from LibreChat').click();
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const feed = page.getByRole('feed');
    await feed.getByText('Reykjavik is the capital of Iceland.').waitFor({ timeout: 15_000 });
    for (const text of ['What is the capital of Iceland?', 'And its population?', 'About 140,000 people live there.']) {
      expect(await feed.getByText(text).count()).toBe(1);
    }
    await page.close();
  });

  it('deletes all chats from Settings → Data controls, leaving the open one for a new chat', async () => {
    await importThroughApi(context.request, 'First of many', 'Second of many');
    const page = await openPage();
    await chatLink(page, 'First of many').click();
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);

    const settings = await openSettings(page, 'Data controls');
    await settings.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete all chats?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/c/new');
    await page.getByRole('status').filter({ hasText: 'All chats deleted.' }).waitFor();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await sidebar(page).getByText('No chats yet').waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Second of many' }).count()).toBe(0);

    await page.reload();
    await sidebar(page).getByText('No chats yet').waitFor({ timeout: 15_000 });
    await page.close();
  });
});
