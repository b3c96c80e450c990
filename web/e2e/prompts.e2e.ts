/**
 * The prompt library end to end in Chromium, on an app of its own (its first account is the
 * admin, and the spec changes the USER role's permissions, which must not reach other specs):
 * the admin writes a prompt with variables, saves a second version and makes it production in
 * Advanced mode, and shares it; a second user runs it from the composer's `/` list and from a
 * card on the chat landing, filling in its variable form, and sees no rename or delete on it; the
 * admin renames and deletes another prompt from the list; then the admin takes PROMPTS USE away
 * from users, and the second user is sent from the library back to a new chat and loses the `/`
 * list. The tests build on each other, in order. Screenshots go to test-results/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { PHONE } from './devices';
import { startIsolatedApp, type IsolatedApp } from './isolated-app';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const ENDPOINT = 'Mock';
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const PROMPT_NAME = 'Explain a topic';
const FIRST_TEXT = 'Tell me about {{topic}} in a {{tone:formal|casual}} way.';
const SECOND_TEXT = 'Explain {{topic}} in a {{tone:formal|casual}} tone, in three sentences.';
const stamp = Date.now();
const admin: SpecAccount = {
  name: 'Prompt Admin',
  email: `prompt-admin${stamp}@example.com`,
  password: 'prompt password',
};
const member: SpecAccount = {
  name: 'Prompt User',
  email: `prompt-user${stamp}@example.com`,
  password: 'prompt password',
};

let app: IsolatedApp;
let browser: Browser;
let context: BrowserContext | undefined;
/** The prompt's page, /d/prompts/{id}, once the first test made it. */
let promptPath = '';

beforeAll(async () => {
  app = await startIsolatedApp({
    name: 'prompts',
    config: {
      endpoints: {
        custom: [
          {
            name: ENDPOINT,
            apiKey: inject('mockApiKey'),
            baseURL: `${inject('mockUrl')}/v1`,
            models: { default: ['mock-fast'], fetch: false },
            titleConvo: false,
          },
        ],
      },
    },
  });
  browser = await launchBrowser();
  // The first account of this app is its admin.
  await registerAccount(browser, app.url, admin);
  await registerAccount(browser, app.url, member);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(account: SpecAccount, address: string, options: BrowserContextOptions = {}): Promise<Page> {
  context = await signedInContext(browser, app.url, account, { reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto(address);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `prompts-${name}.png`) });
}

/** Fails with a screenshot of the page, so a broken screen says why. */
async function seen(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    await shot(page, 'failure');
    throw error;
  }
}

/** The colour an element paints behind itself (transparent when its class names no known colour). */
const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message input' });
const slashList = (page: Page) => page.getByRole('listbox', { name: /prompt/i });

/** Fills the variable form (the topic, and the tone from its choices) and sends it. */
async function fillVariableForm(page: Page, topic: string, tone: string, screenshot?: string): Promise<void> {
  const form = page.getByRole('dialog', { name: 'Fill in the prompt' });
  await form.waitFor();
  // Each variable once, in the order they first appear.
  expect(await form.locator('label').allTextContents()).toEqual(['topic', 'tone']);
  await form.getByLabel('topic').fill(topic);
  await form.getByLabel('tone').selectOption(tone);
  if (screenshot) {
    await shot(page, screenshot);
    expect(await axeViolations(page, { include: ['[role="dialog"]'] })).toEqual([]);
  }
  await form.getByRole('button', { name: 'Send' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('prompt library', () => {
  it('the admin creates a prompt with variables, a category, a description and a command', async () => {
    const page = await openPage(admin, '/d/prompts/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(PROMPT_NAME);
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Writing' });
    await page.getByRole('textbox', { name: 'Prompt text' }).fill(FIRST_TEXT);
    await page.getByRole('textbox', { name: 'Short description' }).fill('A topic explained in the tone you pick');
    await page.getByRole('textbox', { name: 'Command', exact: true }).fill('Explain It!');
    // The command is kept the way `/` matches it.
    expect(await page.getByRole('textbox', { name: 'Command', exact: true }).inputValue()).toBe('explain-it');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => /^\/d\/prompts\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    promptPath = new URL(page.url()).pathname;

    const editor = page.getByTestId('prompt-editor');
    await editor.waitFor();
    await seen(page, 'Tell me about');
    const chips = editor.getByTestId('prompt-variable-chips').getByRole('listitem');
    expect(await chips.allTextContents()).toEqual(['topic', 'tone']);
    // Drawn as chips, not as loose words.
    expect.soft(await backgroundOf(chips.first())).not.toBe(TRANSPARENT);
    expect(await page.getByRole('combobox', { name: 'Category', exact: true }).inputValue()).toBe('write');
    expect(await page.getByTestId('prompt-command').inputValue()).toBe('explain-it');
    // The new prompt is in the list beside it, marked as the one open.
    const row = page
      .getByRole('list', { name: 'Prompts', exact: true })
      .getByRole('link', { name: new RegExp(PROMPT_NAME) });
    await row.waitFor();
    expect.soft(await backgroundOf(row)).not.toBe(TRANSPARENT);
    // The editor mode in use shows as chosen.
    const simple = page.getByRole('group', { name: 'Editor mode' }).getByRole('button', { name: 'Simple' });
    expect.soft(await backgroundOf(simple)).not.toBe(TRANSPARENT);
    await shot(page, 'detail-desktop');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the admin saves a second version and, in Advanced mode, makes it production', async () => {
    const page = await openPage(admin, promptPath);
    await page.getByTestId('prompt-editor').waitFor({ timeout: 15_000 });
    await page.getByRole('group', { name: 'Editor mode' }).getByRole('button', { name: 'Advanced' }).click();
    // New versions stay drafts until made production by hand.
    const always = page.getByRole('checkbox', { name: 'Make every new version production' });
    await always.uncheck();

    await page.getByRole('button', { name: 'Edit the text' }).click();
    await page.getByTestId('prompt-text-input').fill(SECOND_TEXT);
    await page.getByTestId('prompt-text-input').press('Escape');
    const versions = page.getByTestId('prompt-versions').getByRole('button');
    await expect.poll(() => versions.count()).toBe(2);
    // The new version is the latest, shown, and not yet in use.
    await seen(page, 'in three sentences');
    expect(await versions.nth(0).textContent()).toContain('latest');
    expect(await versions.nth(0).textContent()).not.toContain('production');
    expect(await versions.nth(1).textContent()).toContain('production');
    expect.soft(await backgroundOf(versions.nth(1).getByText('production'))).not.toBe(TRANSPARENT);

    await page.getByRole('button', { name: 'Make production' }).click();
    await expect.poll(() => versions.nth(0).textContent()).toContain('production');
    await page.reload();
    await expect.poll(() => versions.count(), { timeout: 15_000 }).toBe(2);
    expect(await versions.nth(0).textContent()).toContain('production');
    expect(await versions.nth(1).textContent()).not.toContain('production');
    await shot(page, 'detail-advanced');
  });

  it('the admin shares it with everyone', async () => {
    const page = await openPage(admin, promptPath);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with everyone' });
    await dialog.getByRole('switch', { name: 'Shared with all users' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(page, 'The prompt is now shared with everyone.');
    // Sharing again says it already is.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    expect(await dialog.getByRole('switch', { name: 'Shared with all users' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(page, 'This prompt is already shared with all users.');
  });

  it('a second user runs it from the / command, filling in its variables', async () => {
    const page = await openPage(member, '/c/new');
    const box = messageBox(page);
    await box.waitFor({ timeout: 15_000 });
    await box.click();
    await box.pressSequentially('/expl');
    const list = slashList(page);
    // The list opens at once; its options come with the prompts query (slow on a busy machine).
    await list.getByRole('option', { name: PROMPT_NAME }).waitFor({ timeout: 15_000 });
    expect(await list.getByRole('option').allTextContents()).toEqual([expect.stringContaining(PROMPT_NAME)]);
    await shot(page, 'slash-list');
    await box.press('Enter');
    await fillVariableForm(page, 'tides', 'casual', 'variable-form');
    // The production version went out, with the values in place of the blanks.
    await seen(page, 'You said: Explain tides in a casual tone, in three sentences.', 20_000);
    expect(await box.inputValue()).toBe('');
  });

  it('a second user runs it from a card on the chat landing', async () => {
    const page = await openPage(member, '/c/new');
    const cards = page.getByRole('list', { name: 'Prompts to start with' });
    await cards.waitFor({ timeout: 15_000 });
    await cards.getByRole('button', { name: `Run the prompt ${PROMPT_NAME}` }).click();
    await fillVariableForm(page, 'volcanoes', 'formal');
    await seen(page, 'You said: Explain volcanoes in a formal tone, in three sentences.', 20_000);
  });

  it('the second user reads it on a phone, and the list passes axe', async () => {
    const page = await openPage(member, promptPath, {
      viewport: PHONE.viewport,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await page.getByTestId('prompt-editor').waitFor({ timeout: 15_000 });
    await seen(page, 'You can use it from the chat but not change it.');
    await shot(page, 'detail-phone');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.viewport.width);

    await page.getByRole('link', { name: 'Prompts', exact: true }).click();
    await page.getByRole('list', { name: 'Prompts', exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, 'list-phone');
    // The list has the whole width: no divider drawn down the screen's edge.
    const list = page.getByRole('complementary', { name: 'Prompt library' });
    expect.soft(await list.evaluate((element) => getComputedStyle(element).borderRightWidth)).toBe('0px');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the second user sees the admin's shared prompt in the list, with no rename or delete", async () => {
    const page = await openPage(member, '/d/prompts');
    const list = page.getByRole('list', { name: 'Prompts', exact: true });
    await list.getByRole('link', { name: new RegExp(PROMPT_NAME) }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
  });

  it('the admin renames a prompt from the list, then deletes it; both outlast a reload', async () => {
    const page = await openPage(admin, '/d/prompts/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Scratch prompt');
    await page.getByRole('textbox', { name: 'Prompt text' }).fill('A prompt to rename and delete.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => /^\/d\/prompts\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'));
    const list = page.getByRole('list', { name: 'Prompts', exact: true });
    const row = (name: string) => list.getByRole('link', { name: new RegExp(name) });
    await row('Scratch prompt').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Actions for Scratch prompt' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename prompt' });
    const field = rename.getByRole('textbox', { name: 'Name' });
    await field.fill('');
    await field.press('Enter');
    await rename.getByText('A name is required').waitFor();
    await field.fill('Renamed scratch');
    await field.press('Enter');
    await seen(page, 'Prompt renamed');
    await rename.waitFor({ state: 'detached' });
    await page.reload();
    await row('Renamed scratch').waitFor({ timeout: 15_000 });
    expect(await row('Scratch prompt').count()).toBe(0);

    await page.getByRole('button', { name: 'Actions for Renamed scratch' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this prompt?' });
    await shot(page, 'delete-dialog');
    expect(await axeViolations(page, { include: ['[role="dialog"]'] })).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seen(page, 'Prompt deleted');
    // It was the prompt open beside the list: the page goes back to the library's index.
    await page.waitForURL(/\/d\/prompts$/);
    await page.reload();
    await row(PROMPT_NAME).waitFor({ timeout: 15_000 });
    expect(await row('Renamed scratch').count()).toBe(0);
  });

  it('the admin turns off PROMPTS USE for users: the library sends them to a new chat and / lists nothing', async () => {
    const adminPage = await openPage(admin, '/d/prompts');
    await adminPage.getByRole('list', { name: 'Prompts', exact: true }).waitFor({ timeout: 15_000 });
    await shot(adminPage, 'list-desktop');
    expect(await axeViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('button', { name: 'Admin settings' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Prompt permissions' });
    expect(await dialog.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('USER');
    const use = dialog.getByRole('switch', { name: 'Allow using prompts' });
    await expect.poll(() => use.getAttribute('aria-checked')).toBe('true');
    await use.click();
    // An off switch still shows its track against the dialog (the one not just toggled: no transition).
    const sharing = dialog.getByRole('switch', { name: 'Allow sharing prompts with everyone' });
    expect(await sharing.getAttribute('aria-checked')).toBe('false');
    expect.soft([TRANSPARENT, await backgroundOf(dialog)]).not.toContain(await backgroundOf(sharing));
    // The picture shows the switch once it has slid over.
    await use.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await shot(adminPage, 'admin-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(adminPage, 'Saved');
    await context?.close();

    const page = await openPage(member, '/d/prompts');
    await seen(page, 'You do not have access to prompts.');
    const shownAt = Date.now();
    await page.waitForURL(/\/c\/new$/, { timeout: 5_000 });
    // About a second to read why, not an instant bounce.
    expect(Date.now() - shownAt).toBeGreaterThan(500);
    const box = messageBox(page);
    await box.waitFor({ timeout: 15_000 });
    await box.click();
    await box.pressSequentially('/expl');
    // Give a list the time it would need to open.
    await page.waitForTimeout(500);
    expect(await slashList(page).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Prompts to start with' }).count()).toBe(0);
  });
});
