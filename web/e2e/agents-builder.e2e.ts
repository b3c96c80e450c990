/**
 * The agent builder against the real agents API, in Chromium: an agent created in the side panel
 * shows up in the chat's agent picker, and choosing it opens its landing with its starter. The
 * panel beside the chat on a desktop and as a full-screen sheet on a phone; screenshots go to
 * test-results/screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser } from './browser';
import { DESKTOP, PHONE } from './devices';
import './provided';
import { registerAccount, signedInContext } from './signed-in';

const appUrl = inject('appUrl');
const mockEndpointName = inject('mockEndpointName');
const account = { name: 'Agent Maker', email: `agents${Date.now()}@example.com`, password: 'correct horse battery' };
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const AGENT_NAME = 'Lisbon Guide';
const STARTER = 'Plan two days in Alfama';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerAccount(browser, appUrl, account);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openChat(device: typeof DESKTOP | typeof PHONE): Promise<Page> {
  context = await signedInContext(browser, appUrl, account, {
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.isMobile,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto('/c/new');
  await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
  return page;
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Agent builder' });

/** The builder's toggle shows on the Agents endpoint: switch to it, then open the panel. */
async function openBuilder(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('option', { name: /Agents/ }).click();
  await page.getByRole('button', { name: 'Open the agent builder' }).click();
}

describe('agent builder', () => {
  it('creates an agent in the side panel, then finds it in the picker and its starter on the landing', async () => {
    const page = await openChat(DESKTOP);
    await openBuilder(page);
    const builder = panel(page);
    await builder.getByRole('textbox', { name: 'Name' }).fill(AGENT_NAME);
    await builder.getByRole('textbox', { name: 'Description' }).fill('Knows the hills and the trams');
    await builder.getByRole('textbox', { name: 'Instructions' }).fill('Answer in short lists.');
    await builder.getByRole('combobox', { name: 'Provider' }).selectOption(mockEndpointName);
    await builder.getByRole('textbox', { name: 'Conversation starter 1' }).fill(STARTER);
    await builder.getByRole('button', { name: 'Create' }).click();
    // Saved: the panel now edits the new agent (it offers Save, Duplicate and Delete).
    await builder.getByRole('button', { name: 'Save' }).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => builder.getByRole('combobox', { name: 'Agent', exact: true }).inputValue())
      .toMatch(/^agent_/);

    // The panel sits beside the chat: both fully in the window, side by side.
    const panelBox = await builder.boundingBox();
    const mainBox = await page.getByRole('main').boundingBox();
    expect(panelBox && mainBox && panelBox.x >= mainBox.x + mainBox.width - 1).toBe(true);
    expect(panelBox && panelBox.x + panelBox.width <= DESKTOP.viewport.width).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-builder-desktop.png') });
    await builder.getByRole('button', { name: 'Delete' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-builder-desktop-end.png') });

    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('option', { name: /Agents/ }).click();
    await page.getByRole('button', { name: /^Agent:/ }).click();
    await page.getByRole('combobox', { name: 'Search agents' }).fill('Lisbon');
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(AGENT_NAME) })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: AGENT_NAME }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Message input' }).getAttribute('placeholder'))
      .toBe(`Message ${AGENT_NAME}`);
    expect(await page.getByRole('button', { name: STARTER }).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('agent_id')).toMatch(/^agent_/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-landing-desktop.png') });
  });

  it('covers a phone screen as a sheet that closes back to the chat', async () => {
    const page = await openChat(PHONE);
    // One more header button still fits a phone's one-row header.
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('option', { name: /Agents/ }).click();
    const toggle = page.getByRole('button', { name: 'Open the agent builder' });
    const toggleBox = await toggle.boundingBox();
    expect(toggleBox && toggleBox.x + toggleBox.width <= PHONE.viewport.width && toggleBox.y < 56).toBe(true);
    await page.getByRole('banner').screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-header-phone.png') });
    await toggle.click();
    const builder = panel(page);
    await builder.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: AGENT_NAME });
    await builder.getByRole('button', { name: 'Save' }).waitFor({ timeout: 10_000 });
    const box = await builder.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.viewport.width, height: PHONE.viewport.height });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-builder-phone.png') });
    await builder.getByRole('button', { name: 'Close the agent builder' }).click();
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Message input' }).isVisible()).toBe(true);
  });
});
