/**
 * Forking and exporting against the real worker and the mock provider, in Chromium: fork from
 * an earlier reply with "Visible messages only" and land on the new conversation, listed in the
 * sidebar; export the conversation as markdown (the download's name and text) and as LibreChat
 * JSON, which the import route reads back; a PNG screenshot; and axe on both dialogs.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessTokenFromPage } from './account-helpers';
import { axeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import './provided';

const appUrl = inject('appUrl');
const password = 'correct horse battery';
const email = `fork${Date.now()}@example.com`;
const STREAM_TIMEOUT = 20_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, appUrl, { acceptDownloads: true });
  const reg = await context.request.post('/api/auth/register', {
    data: { name: 'Fork Tester', email, password, confirm_password: password },
  });
  expect(reg.status()).toBeLessThan(300);
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
});
afterAll(async () => {
  await setMockOptions({ text: null, delayMs: null });
  await browser?.close();
});

const composer = () => page.getByRole('textbox', { name: 'Message input' });
const conversationIdOf = (url: string): string => /\/c\/([0-9a-f-]{36})/.exec(url)?.[1] ?? '';
const article = (text: string) => page.getByRole('article').filter({ hasText: text });
const historyLink = (conversationId: string) =>
  page.getByRole('navigation', { name: 'Chat history' }).locator(`a[href="/c/${conversationId}"]`);

async function chat(question: string, answer: string): Promise<void> {
  await setMockOptions({ text: answer });
  await composer().fill(question);
  await composer().press('Enter');
  await article(answer).waitFor({ timeout: STREAM_TIMEOUT });
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: STREAM_TIMEOUT });
}

async function exportAs(type: string, filename?: string) {
  await page.getByRole('button', { name: 'Export/Share' }).click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export conversation' });
  await dialog.getByRole('button', { name: 'Export', exact: true }).waitFor();
  const defaultName = await dialog.getByRole('textbox', { name: 'Filename' }).inputValue();
  if (filename !== undefined) await dialog.getByRole('textbox', { name: 'Filename' }).fill(filename);
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption(type);
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloaded;
  await dialog.waitFor({ state: 'detached' });
  const bytes = await readFile(await download.path());
  return { defaultName, name: download.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

describe('fork and export', () => {
  let sourceId = '';
  let forkId = '';

  it('forks from the first reply with "Visible messages only" and opens the fork, listed in the sidebar', async () => {
    await page.goto('/c/new');
    await composer().waitFor({ timeout: 15_000 });
    await chat('First question', 'First answer');
    await chat('Second question', 'Second answer');
    sourceId = conversationIdOf(page.url());
    expect(sourceId).not.toBe('');

    const firstReply = article('First answer');
    await firstReply.hover();
    await firstReply.getByRole('button', { name: 'Fork' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select a fork option' });
    const forked = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/convos/fork');
    await dialog.getByRole('button', { name: 'Visible messages only' }).click();
    expect((await forked).status()).toBe(200);

    await page.waitForURL((url) => conversationIdOf(url.href) !== '' && conversationIdOf(url.href) !== sourceId);
    forkId = conversationIdOf(page.url());
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Successfully forked conversation').waitFor();
    await article('First answer').waitFor();
    // The direct path to the first reply: its question and itself, nothing after.
    expect(await page.getByRole('article').count()).toBe(2);
    expect(await article('First question').count()).toBe(1);
    expect(await article('Second question').count()).toBe(0);
    await historyLink(forkId).waitFor();
    await historyLink(sourceId).waitFor();
  });

  it('exports the fork as markdown, named after the filename field', async () => {
    const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    const exported = await exportAs('markdown', 'Fork: "export"/test');
    expect(exported.name).toBe('Fork_ _export_test.md');
    expect(title === '' || exported.defaultName === title.replace(/[<>:"/\\|?*]+/g, '_')).toBe(true);
    expect(exported.text).toContain('# Conversation\n');
    expect(exported.text).toContain(`- conversationId: ${forkId}\n`);
    expect(exported.text).toContain('## History\n');
    expect(exported.text).toMatch(/\*\*[^*\n]+\*\*\nFirst question\n/);
    expect(exported.text).toMatch(/\*\*[^*\n]+\*\*\nFirst answer\n/);
    expect(exported.text).not.toContain('Second answer');
  });

  it('exports the source as LibreChat JSON that the import route reads back', async () => {
    await page.goto(`/c/${sourceId}`);
    await article('Second answer').waitFor({ timeout: 15_000 });
    const exported = await exportAs('json');
    expect(exported.name.endsWith('.json')).toBe(true);
    const data = JSON.parse(exported.text) as {
      conversationId: string;
      messagesTree: { text: string; children: unknown[] }[];
    };
    expect(data.conversationId).toBe(sourceId);
    expect(data.messagesTree[0]?.text).toBe('First question');

    await page.waitForLoadState('networkidle');
    const token = await accessTokenFromPage(page);
    const answer = await page.evaluate(
      async ({ text, name, token }) => {
        const form = new FormData();
        form.append('file', new File([text], encodeURIComponent(name), { type: 'application/json' }));
        const res = await fetch('/api/convos/import', {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${token}` },
        });
        return { status: res.status, body: (await res.json()) as unknown };
      },
      { text: exported.text, name: exported.name, token },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ imported: 1, messages: { imported: 4, skipped: 0 } });
  });

  it('exports a screenshot of the conversation as a PNG', async () => {
    const exported = await exportAs('screenshot', 'picture');
    expect(exported.name).toBe('picture.png');
    // The PNG signature, and an image wider than it is empty (8-byte signature + IHDR).
    expect([...exported.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(exported.bytes.readUInt32BE(16)).toBeGreaterThan(500);
    expect(exported.bytes.readUInt32BE(20)).toBeGreaterThan(100);
  });

  it('has no axe violations in the fork and export dialogs', async () => {
    // The dialogs themselves: behind them, the Fork button's tooltip may still be fading in or
    // out (focus returns to the button), and a half-transparent tooltip is not a contrast defect.
    const dialogOnly = { include: ['[role="dialog"]'] };
    await article('Second answer').hover();
    await article('Second answer').getByRole('button', { name: 'Fork' }).click();
    await page.getByRole('dialog', { name: 'Select a fork option' }).waitFor();
    expect(await axeViolations(page, dialogOnly)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Export/Share' }).click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    await page
      .getByRole('dialog', { name: 'Export conversation' })
      .getByRole('button', { name: 'Export', exact: true })
      .waitFor();
    expect(await axeViolations(page, dialogOnly)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});
