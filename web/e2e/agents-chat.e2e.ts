/**
 * Agents end to end in Chromium, on an app of their own (its first account is the admin, who may
 * share agents with everyone): an agent built in the side panel with an MCP server's tools and an
 * OpenAPI action, chats whose tool calls show their progress, a reload in the middle of a tool
 * call that picks the run up again, a stop in the middle of one, and the agent shared with a
 * second user who chats with it but cannot change it; and MCP tools turned on from the composer of
 * a chat on another endpoint. The model is the loopback mock provider
 * (its `[mock:tool=…]` directives make it call tools), the MCP server and the action's API are
 * loopback mocks too, reachable because TOOLS_PRIVATE_HOSTS names them.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { petsHandler } from '../../worker/test/mock-tools/action-handler';
import { petsDocument } from '../../worker/test/mock-tools/pets-openapi';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { serveWebHandler, type WebHandlerServer } from '../../worker/tools/mock/web-handler-server';
import { launchBrowser } from './browser';
import { startIsolatedApp, type IsolatedApp } from './isolated-app';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const ENDPOINT = 'Mock';
const AGENT_NAME = 'Pet Desk';
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const stamp = Date.now();
const admin: SpecAccount = {
  name: 'Agent Admin',
  email: `agent-admin${stamp}@example.com`,
  password: 'correct horse battery',
};
const member: SpecAccount = {
  name: 'Agent User',
  email: `agent-user${stamp}@example.com`,
  password: 'correct horse battery',
};
/** The slow MCP tool waits this long (global setup), enough to reload or stop in the middle of it. */
const WAIT_FOR_TOOL_MS = 15_000;

let app: IsolatedApp;
let pets: WebHandlerServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const mcpUrl = inject('mcpUrl');
  const handler = petsHandler();
  pets = await serveWebHandler(async (request) => handler(request));
  app = await startIsolatedApp({
    name: 'agents',
    env: { TOOLS_PRIVATE_HOSTS: `${new URL(mcpUrl).host},${new URL(pets.url).host}` },
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
      mcpServers: { [inject('mcpServerName')]: { type: 'streamable-http', url: `${mcpUrl}/mcp` } },
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
  await pets?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openChat(account: SpecAccount, address = '/c/new'): Promise<Page> {
  context = await signedInContext(browser, app.url, account, { reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto(address);
  await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
  return page;
}

const builder = (page: Page) => page.getByRole('complementary', { name: 'Agent builder' });

async function chooseAgent(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('option', { name: /Agents/ }).click();
  await page.getByRole('button', { name: /^Agent:/ }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(AGENT_NAME) })
    .click();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Message input' }).getAttribute('placeholder'))
    .toBe(`Message ${AGENT_NAME}`);
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message input' });
  await expect.poll(() => box.isEnabled()).toBe(true);
  // The box stays enabled while a reply streams, but Enter sends nothing until the reply has
  // ended (its text can be on screen before its final frame): the send button is back then,
  // as chat.e2e.ts waits for it.
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: WAIT_FOR_TOOL_MS });
  await box.fill(text);
  await box.press('Enter');
}

async function seen(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout: WAIT_FOR_TOOL_MS });
  } catch (error) {
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-chat-failure.png') });
    throw error;
  }
}

/** The builder's toggle shows on the Agents endpoint: switch to it, then open the panel. */
async function openBuilder(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('option', { name: /Agents/ }).click();
  await page.getByRole('button', { name: 'Open the agent builder' }).click();
}

describe('agents', () => {
  it('builds an agent with MCP tools and an action, and shows each tool call run in the chat', async () => {
    const page = await openChat(admin);
    await openBuilder(page);
    const panel = builder(page);
    await panel.getByRole('textbox', { name: 'Name' }).fill(AGENT_NAME);
    await panel.getByRole('textbox', { name: 'Instructions' }).fill('Use your tools when asked.');
    await panel.getByRole('combobox', { name: 'Provider' }).selectOption(ENDPOINT);
    await panel.getByRole('button', { name: 'Add tools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tools' });
    // The MCP server's tools are listed by name and server.
    await dialog.getByRole('checkbox', { name: /^echo · mock/ }).check();
    await dialog.getByRole('checkbox', { name: /^slow · mock/ }).check();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Create' }).click();
    await panel.getByRole('button', { name: 'Save' }).waitFor({ timeout: 10_000 });

    // An action from an OpenAPI document: its server is the loopback pets API.
    const spec = JSON.stringify({ ...petsDocument(), servers: [{ url: `${pets.url}/v1` }] });
    await panel.getByRole('textbox', { name: 'OpenAPI document (JSON or YAML)' }).fill(spec);
    await panel.getByRole('button', { name: 'Add action' }).click();
    await panel.getByRole('button', { name: 'Delete the action for 127.0.0.1' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-chat-builder.png') });
    await panel.getByRole('button', { name: 'Close the agent builder' }).click();

    await chooseAgent(page);
    await send(page, '[mock:tool=echo:{"text":"hello from the browser"}] Echo this');
    await seen(page, 'Ran echo from mock');
    await seen(page, 'Tool results: hello from the browser');

    await send(page, '[mock:tool=showPet:{"petId":"rex"}] Find Rex');
    await seen(page, 'Ran showPet (127.0.0.1)');
    // The reply's own paragraph (anchored: the whole list's text also holds the question's "rex").
    await seen(page, /^Tool results: [\s\S]*"rex"/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agents-chat-tools.png') });
  });

  it('picks a run up again after a reload in the middle of a tool call', async () => {
    const page = await openChat(admin);
    await chooseAgent(page);
    await send(page, '[mock:tool=slow:{}] Take your time');
    await seen(page, 'Running slow from mock…');
    // The streaming reply is already named after the agent, not its endpoint.
    expect(await page.getByText('agents', { exact: true }).count()).toBe(0);
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    // The reloaded page follows the same run: the call still running, then its result.
    await seen(page, 'Running slow from mock…');
    await seen(page, 'Ran slow from mock');
    await seen(page, /Tool results: /);
  });

  it('stops in the middle of a tool call: the call did not finish, and the reply is kept', async () => {
    const page = await openChat(admin);
    await chooseAgent(page);
    await send(page, '[mock:tool=slow:{}] This will be stopped');
    await seen(page, 'Running slow from mock…');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await seen(page, 'slow from mock did not finish');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    await seen(page, 'slow from mock did not finish');
  });

  it('shares the agent with everyone: another user chats with it and sees it read-only', async () => {
    const owner = await openChat(admin);
    await openBuilder(owner);
    const panel = builder(owner);
    await panel.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: AGENT_NAME });
    await panel.getByRole('checkbox', { name: 'Share with everyone' }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.getByRole('checkbox', { name: 'Share with everyone' }).isChecked()).toBe(true);
    await context?.close();

    const page = await openChat(member);
    await chooseAgent(page);
    await send(page, '[mock:tool=echo:{"text":"shared tools work"}] Echo');
    await seen(page, 'Ran echo from mock');
    await seen(page, 'Tool results: shared tools work');
    await openBuilder(page);
    await builder(page).getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: AGENT_NAME });
    await seen(page, 'You can use this agent, but only its author can change it.');
    expect(await builder(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
  });

  it('turns on an MCP server from the composer of a chat on another endpoint', async () => {
    const page = await openChat(member);
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page
      .getByRole('option', { name: new RegExp(ENDPOINT) })
      .first()
      .click();
    await page.getByRole('button', { name: 'MCP servers' }).click();
    await page.getByRole('menuitemcheckbox', { name: inject('mcpServerName') }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '1 MCP server on' }).waitFor();
    await send(page, '[mock:tool=echo:{"text":"no agent needed"}] Echo');
    await seen(page, 'Ran echo from mock');
    await seen(page, 'Tool results: no agent needed');
    // The choice stays with the conversation once it has an address.
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByRole('button', { name: '1 MCP server on' }).waitFor({ timeout: WAIT_FOR_TOOL_MS });
  });
});
