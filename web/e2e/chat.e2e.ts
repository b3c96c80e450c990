/**
 * The chat screen against the real worker, ConversationDO and the mock provider, in Chromium:
 * streaming, stop and continue, regenerate and siblings, editing into a branch, resume after a
 * reload and in a second tab, model and parameters reaching the provider, user keys, presets,
 * `?q=…&submit=true`, and an axe check. Mock directives at the start of a message (e.g.
 * `[mock:delay=100]`) slow the reply down so the test can act while it streams.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import { clearMockRequests, mockRequests, setMockOptions } from './mock';
import './provided';

const appUrl = inject('appUrl');
const password = 'correct horse battery';
const LONG_REPLY = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omega';
const STREAM_TIMEOUT = 20_000;

const email = `chat${Date.now()}@example.com`;
let browser: Browser;
/** Each test's own browser profile (the last-used setup is remembered in local storage). */
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  const first = await newContext(browser, appUrl);
  const reg = await first.request.post('/api/auth/register', {
    data: { name: 'Chat Tester', email, password, confirm_password: password },
  });
  expect(reg.status()).toBeLessThan(300);
  await first.close();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newContext(browser, appUrl);
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
});
afterEach(async () => {
  await context.close();
  await setMockOptions({ text: null, delayMs: null });
});

async function openPage(path = '/c/new'): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto(path);
  await composer(page).waitFor({ timeout: 15_000 });
  return page;
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message input' });
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop generating' });
const replies = (page: Page) => page.getByRole('article', { name: 'Mock' });
const lastReply = (page: Page) => replies(page).last();

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

async function waitForReplyEnd(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });
}

async function waitForText(page: Page, text: string, timeout = STREAM_TIMEOUT): Promise<void> {
  await page.getByText(text, { exact: false }).last().waitFor({ timeout });
}

const conversationIdOf = (page: Page): string => /\/c\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

/** The streamed chat requests the mock received (title requests are not streamed). */
async function chatRequests(): Promise<
  { model: string; temperature?: number; messages: { role: string; content: unknown }[] }[]
> {
  return (await mockRequests())
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map(
      (request) =>
        request.body as {
          model: string;
          stream?: boolean;
          temperature?: number;
          messages: { role: string; content: unknown }[];
        },
    )
    .filter((body) => body.stream === true);
}

describe('chat screen', () => {
  it('streams a reply in, moves to /c/{id} without a reload or losing focus, and keeps it after one', async () => {
    const page = await openPage();
    await send(page, '[mock:delay=80] Stream this to me please');
    // Visible while it streams: the stop button and part of the text.
    await stopButton(page).waitFor({ timeout: STREAM_TIMEOUT });
    await waitForText(page, 'You said');
    expect(await stopButton(page).isVisible()).toBe(true);
    await waitForReplyEnd(page);
    expect(await lastReply(page).textContent()).toContain('You said: Stream this to me please');
    expect(page.url()).toMatch(/\/c\/[0-9a-f-]{36}$/);
    // The address change did not take the focus out of the message box.
    expect(await composer(page).evaluate((box) => box === document.activeElement)).toBe(true);

    await page.reload();
    await waitForText(page, 'You said: Stream this to me please');
    expect(await page.getByRole('article', { name: 'Chat Tester' }).count()).toBe(1);
    await page.close();
  });

  it('stops a reply mid-stream, keeps the part so far without calling it incomplete, then continues it', async () => {
    const page = await openPage();
    await send(page, `[mock:delay=250][mock:text=${LONG_REPLY}] Tell me the alphabet`);
    // In the reply (the question quotes the words too).
    await lastReply(page).getByText('gamma', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    await stopButton(page).click();
    await waitForReplyEnd(page);
    const partial = /Alpha[a-z ]*/.exec((await lastReply(page).textContent()) ?? '')?.[0] ?? '';
    expect(partial).toMatch(/^Alpha beta gamma/);
    expect(partial).not.toContain('omega');
    // Stopped on purpose is not a failure: no incomplete-reply notice (it shows after 250 ms).
    await page.waitForTimeout(600);
    expect(await page.getByText('The response is incomplete').count()).toBe(0);

    // The saved partial reply is what the server has, still not marked as a failure.
    await page.reload();
    await waitForText(page, 'Alpha beta gamma');
    await page.waitForTimeout(600);
    expect(await page.getByText('The response is incomplete').count()).toBe(0);
    await setMockOptions({ delayMs: 10 });
    await lastReply(page).hover();
    await lastReply(page).getByRole('button', { name: 'Continue' }).click();
    await waitForText(page, 'omega');
    await waitForReplyEnd(page);
    // The continuation is appended to the saved part, in the same reply.
    expect(await replies(page).count()).toBe(1);
    expect((await lastReply(page).textContent()) ?? '').toContain(`${partial.trim()}`);
    await page.close();
  });

  it('regenerates a reply and pages between the two versions', async () => {
    const page = await openPage();
    await setMockOptions({ text: 'First answer' });
    await send(page, 'Answer twice');
    await waitForText(page, 'First answer');
    await waitForReplyEnd(page);

    await setMockOptions({ text: 'Second answer' });
    await lastReply(page).hover();
    await lastReply(page).getByRole('button', { name: 'Regenerate' }).click();
    await waitForText(page, 'Second answer');
    await waitForReplyEnd(page);
    await page.getByText('Version 2 of 2').waitFor();
    // Inside the messages: the mock titles the conversation with the same text.
    const feed = page.getByRole('feed');
    expect(await feed.getByText('First answer').count()).toBe(0);

    await lastReply(page).getByRole('button', { name: 'Previous version' }).click();
    await waitForText(page, 'First answer');
    await page.getByText('Version 1 of 2').waitFor();
    expect(await feed.getByText('Second answer').count()).toBe(0);

    // The tree is the server's: both siblings come back after a reload.
    await page.reload();
    await page.getByText(/Version \d of 2/).waitFor({ timeout: STREAM_TIMEOUT });
    await page.close();
  });

  it('edits a user message into a new branch', async () => {
    const page = await openPage();
    await send(page, 'Original question');
    await waitForText(page, 'You said: Original question');
    await waitForReplyEnd(page);

    const question = page.getByRole('article', { name: 'Chat Tester' });
    await question.hover();
    await question.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: /edit/i });
    await editor.fill('Edited question');
    await page.getByRole('button', { name: 'Save & Submit' }).click();
    await waitForText(page, 'You said: Edited question');
    await waitForReplyEnd(page);
    await page.getByText('Version 2 of 2').waitFor();
    // Only the messages: the chat's title (from its first message) may still say it.
    expect(await page.getByRole('article').filter({ hasText: 'Original question' }).count()).toBe(0);

    await page.getByRole('article', { name: 'Chat Tester' }).getByRole('button', { name: 'Previous version' }).click();
    await waitForText(page, 'You said: Original question');
    await page.close();
  });

  it('picks up a streaming reply after a reload, and shows it live in a second tab', async () => {
    const page = await openPage();
    await send(page, `[mock:delay=300][mock:text=${LONG_REPLY}] Slowly please`);
    await lastReply(page).getByText('beta', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const id = conversationIdOf(page);

    const second = await context.newPage();
    await second.goto(`/c/${id}`);
    await page.reload();
    // Both re-attach mid-reply: the text so far, then the rest, while the stop button shows.
    await stopButton(page).waitFor({ timeout: STREAM_TIMEOUT });
    await stopButton(second).waitFor({ timeout: STREAM_TIMEOUT });
    await waitForText(page, 'omega');
    await waitForText(second, 'omega');
    await waitForReplyEnd(page);
    expect(await lastReply(page).textContent()).toContain(LONG_REPLY);
    expect(await lastReply(second).textContent()).toContain(LONG_REPLY);
    await second.close();
    await page.close();
  });

  it('sends the chosen model and parameter to the provider', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: /^Model:/ }).click();
    await page.getByRole('option', { name: 'mock-slow' }).click();
    await page.getByRole('button', { name: 'Model parameters' }).click();
    const temperature = page.getByRole('textbox', { name: 'Temperature' });
    await temperature.fill('0.5');
    await temperature.press('Tab');
    await page.keyboard.press('Escape');
    await clearMockRequests();
    await send(page, 'Which model are you?');
    await waitForText(page, 'You said: Which model are you?');
    await waitForReplyEnd(page);
    const [sent] = await chatRequests();
    expect(sent?.model).toBe('mock-slow');
    expect(sent?.temperature).toBe(0.5);
    // The new conversation wrote its setup into the address before it was sent.
    await page.close();
  });

  it('sets a user key for an endpoint that needs one, chats with it, then revokes it', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('option', { name: /Mock \(own key\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Set API key for Mock (own key)' });
    await dialog.waitFor();
    await dialog.getByLabel('API key').fill(inject('mockApiKey'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await send(page, 'With my own key');
    await waitForText(page, 'You said: With my own key');
    await waitForReplyEnd(page);

    await page.getByRole('button', { name: /API key for Mock \(own key\)/ }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('button', { name: 'Set API key for Mock (own key)' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // No key, no sending: the composer says why.
    expect(await composer(page).isDisabled()).toBe(true);
    await page.close();
  });

  it('saves the setup as a preset and applies it to a new chat', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: /^Model:/ }).click();
    await page.getByRole('option', { name: 'mock-slow' }).click();
    await page.getByRole('button', { name: 'Presets' }).click();
    await page.getByRole('menuitem', { name: 'Save as preset' }).click();
    await page.getByLabel('Preset name').fill('Slow one');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /^Model:/ }).click();
    await page.getByRole('option', { name: 'mock-fast' }).click();
    await page.getByRole('button', { name: 'Model: mock-fast' }).waitFor();
    await page.getByRole('button', { name: 'Presets' }).click();
    await page.getByRole('menuitem', { name: 'Slow one' }).click();
    await page.getByRole('button', { name: 'Model: mock-slow' }).waitFor();
    await page.close();
  });

  it('sends ?q=…&submit=true exactly once and cleans the address', async () => {
    await clearMockRequests();
    const page = await openPage('/c/new?q=Only%20once%20please&submit=true');
    await waitForText(page, 'You said: Only once please');
    await waitForReplyEnd(page);
    await page.waitForTimeout(500);
    expect(page.url()).not.toMatch(/[?&](q|submit)=/);
    // The title request quotes the exchange too; a send ends with the user's text itself.
    const sends = (await chatRequests()).filter((body) => body.messages.at(-1)?.content === 'Only once please');
    expect(sends).toHaveLength(1);
    await page.close();
  });

  it('has no axe violations on a new chat and on a conversation', async () => {
    const page = await openPage();
    expect(await axeViolations(page)).toEqual([]);
    await send(page, 'Check my **markdown** and `code`');
    await waitForReplyEnd(page);
    await waitForText(page, 'You said');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
