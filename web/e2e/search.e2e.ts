/**
 * Message search against the real worker (D1's FTS index) in Chromium: a word sent in a chat is
 * found from the sidebar's search box, the hit names its conversation and opens it; the box and
 * the results work from the keyboard; the results page fits a 390 px phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { accessTokenFromPage, apiFromPage, waitForPath } from './account-helpers';
import { axeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import { horizontalOverflow, tabThroughPage } from './page-quality';
import './provided';

const appUrl = inject('appUrl');
const password = 'correct horse battery';
const STREAM_TIMEOUT = 20_000;
const email = `search${Date.now()}@example.com`;
/** Letters only, so the search index reads it as one word; unique to this run. */
const word = `quokka${Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;

let browser: Browser;
let context: BrowserContext;
/** The conversation the chat below creates, and the title the server gave it. */
let conversation: { id: string; title: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const first = await newContext(browser, appUrl);
  const reg = await first.request.post('/api/auth/register', {
    data: { name: 'Search Tester', email, password, confirm_password: password },
  });
  expect(reg.status()).toBeLessThan(300);
  await first.close();

  // Every test searches for the word this chat sends.
  context = await signedInContext({ width: 1280, height: 800 });
  const page = await openPage('/c/new');
  conversation = await chatWithTheWord(page);
  await context.close();
  await setMockOptions({ text: null });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await signedInContext({ width: 1280, height: 800 });
});
afterEach(async () => {
  await context.close();
});

/** A fresh browser profile signed in as the test user. */
async function signedInContext(viewport: { width: number; height: number }, phone = false): Promise<BrowserContext> {
  const signedIn = await newContext(browser, appUrl, { viewport, isMobile: phone, hasTouch: phone });
  const login = await signedIn.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return signedIn;
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search messages' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

async function openPage(path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto(path);
  return page;
}

/**
 * Chats once with the mock provider and waits for the conversation's generated title. The mock
 * answers the chat and the title request with the same text, so the reply quotes the word too.
 */
async function chatWithTheWord(page: Page): Promise<{ id: string; title: string }> {
  await setMockOptions({ text: `Notes on the ${word}` });
  const composer = page.getByRole('textbox', { name: 'Message input' });
  await composer.waitFor({ timeout: 15_000 });
  await composer.fill(`Tell me about the ${word} please`);
  await composer.press('Enter');
  await page
    .getByRole('article', { name: 'Mock' })
    .getByText(`Notes on the ${word}`)
    .waitFor({ timeout: STREAM_TIMEOUT });
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  const id = /\/c\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  const token = await accessTokenFromPage(page);
  // The title is generated after the reply: wait until the server has it.
  const deadline = Date.now() + STREAM_TIMEOUT;
  let title = '';
  while (title === '' || title === 'New Chat') {
    if (Date.now() > deadline) throw new Error(`No title for conversation ${id}`);
    await page.waitForTimeout(300);
    const answer = await apiFromPage(page, `/api/convos/${id}`, token);
    const body = answer.body as { title?: unknown };
    title = typeof body.title === 'string' ? body.title : '';
  }
  return { id, title };
}

describe('message search', () => {
  it('finds a word sent in a chat from the sidebar box, names the conversation and opens it', async () => {
    expect(conversation.title).toBe(`Notes on the ${word}`);
    const page = await openPage(`/c/${conversation.id}`);
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });

    await searchBox(page).pressSequentially(word, { delay: 30 });
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    // The page drew a new sidebar: the box kept the text and the caret.
    await expect.poll(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await searchBox(page).inputValue()).toBe(word);

    // Both the question and the reply quote the word; both name the conversation.
    const hits = results(page).getByRole('listitem');
    await expect.poll(() => hits.count(), { timeout: STREAM_TIMEOUT }).toBe(2);
    for (const hit of await hits.all()) {
      expect(await hit.getByRole('heading').textContent()).toBe(conversation.title);
      expect(await hit.locator('mark').first().textContent()).toBe(word);
    }
    expect(await hits.getByText('Search Tester', { exact: true }).count()).toBe(1);
    expect(await hits.getByText('Mock', { exact: true }).count()).toBe(1);

    await hits
      .first()
      .getByRole('link', { name: `Go to conversation ${conversation.title}` })
      .click();
    await waitForPath(page, `/c/${conversation.id}`);
    await page
      .getByRole('article', { name: 'Mock' })
      .getByText(`Notes on the ${word}`)
      .waitFor({ timeout: STREAM_TIMEOUT });
    expect(await searchBox(page).inputValue()).toBe('');

    // Back returns to the results, the query back in the box; once more, to where the search began.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/search');
    await results(page).waitFor();
    expect(await searchBox(page).inputValue()).toBe(word);
    await page.goBack();
    await waitForPath(page, `/c/${conversation.id}`);
    expect(await searchBox(page).inputValue()).toBe('');
    await page.close();
  });

  it('works from the keyboard: Tab to the box, Enter searches, Enter opens a hit, Escape clears', async () => {
    const page = await openPage('/c/new');
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
    const stops = await tabThroughPage(page, 10);
    const boxStop = stops.find((stop) => stop.element.startsWith('input'));
    expect(boxStop, JSON.stringify(stops)).toBeDefined();
    expect(boxStop?.visible).toBe(true);

    await searchBox(page).focus();
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    const link = results(page)
      .getByRole('link', { name: /^Go to conversation/ })
      .first();
    await link.focus();
    const ring = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);

    // On the results page, Escape in the box goes back to a new chat and keeps the box focused.
    await page.goto(`/search?q=${word}`);
    await results(page).waitFor({ timeout: STREAM_TIMEOUT });
    await searchBox(page).focus();
    await page.keyboard.press('Escape');
    await waitForPath(page, '/c/new');
    expect(await searchBox(page).inputValue()).toBe('');
    await expect.poll(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.close();
  });

  it('says when nothing matches, and has no axe violations in the box or the results', async () => {
    const page = await openPage('/search?q=zzzznotawordanywhere');
    await page.getByText('Nothing found').waitFor({ timeout: STREAM_TIMEOUT });
    expect(await axeViolations(page, { include: OWN_PARTS })).toEqual([]);
    await page.goto(`/search?q=${word}`);
    await results(page).waitFor({ timeout: STREAM_TIMEOUT });
    expect(await axeViolations(page, { include: OWN_PARTS })).toEqual([]);
    await page.close();
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    await context.close();
    context = await signedInContext({ width: 390, height: 844 }, true);
    const page = await openPage(`/search?q=${word}`);
    await results(page).waitFor({ timeout: STREAM_TIMEOUT });
    expect(await horizontalOverflow(page)).toBe(0);
    // The sidebar opens over the results with its search box.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    expect(await searchBox(page).inputValue()).toBe(word);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.close();
  });
});

/** What this feature draws: the sidebar's search form and the results page's main area. */
const OWN_PARTS = ['form[role="search"]', 'main'];
