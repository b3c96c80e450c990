/**
 * The `+` command on the running app: `+` and part of a model's name lists it above the message
 * box, Enter adds it (a chip says so), and the next message is answered by both models at once,
 * side by side. Both replies survive a reload mid-stream (each run is re-attached) and are saved
 * as two replies to the one message. A preset added with `+` answers with its own model and
 * settings. A screenshot of the two columns goes to
 * test-results/screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser } from './browser';
import { PHONE } from './devices';
import { accessTokenFromPage, apiFromPage } from './account-helpers';
import { clearMockRequests, mockRequests } from './mock';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const LONG_REPLY = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omega';
const STREAM_TIMEOUT = 20_000;
const account: SpecAccount = {
  name: 'Multi Tester',
  email: `multi-convo-${Date.now()}@example.com`,
  password: 'multi convo password',
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

const columns = (page: Page) =>
  page.getByRole('group', { name: 'Replies from two models' }).getByTestId('parallel-reply');

describe('the + command', () => {
  it('gives two replies side by side that both survive a reload', async () => {
    const page = await context.newPage();
    await page.goto('/c/new');
    const box = page.getByRole('textbox', { name: 'Message input' });
    await box.waitFor({ timeout: 15_000 });

    await box.click();
    await box.pressSequentially('+slow');
    const list = page.getByRole('listbox', { name: 'Add a second model to your next message' });
    await list.waitFor();
    await box.press('Enter');
    await list.waitFor({ state: 'detached' });
    await page.getByText('Also answering: mock-slow').waitFor();
    // The chat keeps its own model.
    expect(await page.getByRole('button', { name: /^Model:/ }).getAttribute('aria-label')).not.toBe('Model: mock-slow');

    await clearMockRequests();
    await box.fill(`[mock:delay=300][mock:text=${LONG_REPLY}] Both of you, please`);
    await box.press('Enter');
    await expect.poll(() => columns(page).count(), { timeout: STREAM_TIMEOUT }).toBe(2);
    await columns(page).nth(1).getByText('beta', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    const [left, right] = await Promise.all([columns(page).nth(0).boundingBox(), columns(page).nth(1).boundingBox()]);
    expect(left && right && right.x > left.x + left.width - 1 && Math.abs(right.y - left.y) < 2).toBe(true);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'multi-convo-side-by-side.png') });
    const models = (await mockRequests())
      .filter((request) => request.path.endsWith('/chat/completions'))
      .map((request) => request.body as { model: string; stream?: boolean })
      .filter((body) => body.stream === true)
      .map((body) => body.model);
    expect(models).toContain('mock-slow');
    expect(models).toHaveLength(2);

    // A reload mid-reply re-attaches to both runs: they go on streaming side by side.
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => columns(page).count(), { timeout: STREAM_TIMEOUT }).toBe(2);
    await columns(page).nth(0).getByText('omega', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    await columns(page).nth(1).getByText('omega', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });

    // Saved as two replies to the one message: after a reload the tree offers both as its versions.
    await page.reload();
    await page.getByText('Version 2 of 2').waitFor({ timeout: STREAM_TIMEOUT });
    const feed = page.getByRole('feed');
    const reply = feed.getByRole('article', { name: 'Mock' });
    expect(await reply.count()).toBe(1);
    expect(await reply.textContent()).toContain('omega');
    await feed.getByRole('button', { name: 'Previous version' }).click();
    await page.getByText('Version 1 of 2').waitFor();
    expect(await reply.count()).toBe(1);
    expect(await reply.textContent()).toContain('omega');
    expect(await columns(page).count()).toBe(0);
    await page.close();
  });

  it("adds a preset: the second reply runs with the preset's model and settings, the chat keeps its own", async () => {
    const page = await context.newPage();
    await page.goto('/c/new');
    const box = page.getByRole('textbox', { name: 'Message input' });
    await box.waitFor({ timeout: 15_000 });
    const saved = await apiFromPage(page, '/api/presets', await accessTokenFromPage(page), 'POST', {
      title: 'Pirate voice',
      endpoint: 'Mock',
      endpointType: 'custom',
      model: 'mock-text',
      temperature: 0.3,
      promptPrefix: 'Speak like a pirate.',
    });
    expect(saved.status).toBe(201);
    await page.reload();
    await box.waitFor({ timeout: 15_000 });

    await box.click();
    await box.pressSequentially('+pirate');
    await page.getByRole('listbox', { name: 'Add a second model to your next message' }).waitFor();
    await box.press('Enter');
    await page.getByText('Also answering: Pirate voice').waitFor();
    await clearMockRequests();
    const sent = '[mock:text=Ahoy there] Greet me, both of you';
    await box.fill(sent);
    await box.press('Enter');
    await expect.poll(() => columns(page).count(), { timeout: STREAM_TIMEOUT }).toBe(2);
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });

    // The two replies' requests end with the message as sent (the title request wraps it in its instruction).
    const streamed = (await mockRequests())
      .filter((request) => request.path.endsWith('/chat/completions'))
      .map((request) => request.body as { model: string; temperature?: number; messages: { content?: unknown }[] })
      .filter((body) => body.messages.at(-1)?.content === sent);
    expect(streamed).toHaveLength(2);
    const pirate = streamed.find((body) => body.model === 'mock-text');
    expect(pirate).toMatchObject({ temperature: 0.3 });
    expect(pirate?.messages[0]).toEqual({ role: 'system', content: 'Speak like a pirate.' });
    const own = streamed.find((body) => body.model !== 'mock-text');
    expect(JSON.stringify(own?.messages)).not.toContain('pirate');
    await page.close();
  });

  it('stacks the two replies on a phone', async () => {
    const phone = await signedInContext(browser, appUrl, account, { viewport: PHONE.viewport, isMobile: true });
    const page = await phone.newPage();
    await page.goto('/c/new');
    const box = page.getByRole('textbox', { name: 'Message input' });
    await box.waitFor({ timeout: 15_000 });
    await box.click();
    await box.pressSequentially('+slow');
    await box.press('Enter');
    await page.getByText('Also answering: mock-slow').waitFor();
    await box.fill(`[mock:delay=200][mock:text=${LONG_REPLY}] Both, on a phone`);
    await box.press('Enter');
    await expect.poll(() => columns(page).count(), { timeout: STREAM_TIMEOUT }).toBe(2);
    await columns(page).nth(1).getByText('beta', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    const [top, bottom] = await Promise.all([columns(page).nth(0).boundingBox(), columns(page).nth(1).boundingBox()]);
    expect(top && bottom && bottom.y >= top.y + top.height - 1 && bottom.x + bottom.width <= PHONE.viewport.width).toBe(
      true,
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'multi-convo-phone.png') });
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });
    await phone.close();
  });
});
