/**
 * Files in the chat, against the real worker, R2, the ConversationDO and the mock provider, in
 * Chromium: an image attached by the file chooser and one pasted, their thumbnails and upload,
 * the model's own account of what it received (the mock describes the images of the prompt and
 * echoes its text, documents included), the image in the message after a reload, a document
 * downloaded back byte for byte, and the refusals the composer shows before uploading.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { E2E_FILE_SIZE_LIMIT_MB } from './file-limits';
import { clearMockRequests, mockRequests } from './mock';
import './provided';
import { registerAccount, signedInContext } from './signed-in';

const appUrl = inject('appUrl');
const account = { name: 'File Tester', email: `files${Date.now()}@example.com`, password: 'correct horse battery' };
const STREAM_TIMEOUT = 20_000;
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');

// A 1×1 PNG: small, and a real image the browser can measure.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  await registerAccount(browser, appUrl, account);
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await signedInContext(browser, appUrl, account, { acceptDownloads: true });
});
afterEach(async () => {
  await context.close();
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message input' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
const thumbnails = (page: Page) => page.getByRole('list', { name: 'Attached files' });
const question = (page: Page) => page.getByRole('article', { name: 'File Tester' }).last();

async function openChat(): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  await page.goto('/c/new');
  await composer(page).waitFor({ timeout: 15_000 });
  return page;
}

/** The message box takes files once the chat's setup is known: the attach button is usable then. */
async function whenBoxTakesFiles(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Attach files' }).isEnabled()).toBe(true);
}

/** Sends `text` once every attachment has uploaded (the send button is enabled only then). */
async function sendWhenUploaded(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await expect.poll(() => sendButton(page).isEnabled(), { timeout: STREAM_TIMEOUT }).toBe(true);
  await sendButton(page).click();
}

/** Whether the image has loaded: its bytes came back from the file link. */
const naturalWidth = (page: Page, name: string) =>
  question(page)
    .getByRole('img', { name })
    .evaluate((image: HTMLImageElement) => image.naturalWidth);

describe('attachments', () => {
  it('sends an image picked in the file chooser to the model, and shows it in the message after a reload', async () => {
    const page = await openChat();
    await page.getByTestId('attach-file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await thumbnails(page).getByRole('img', { name: 'dot.png' }).waitFor();
    await sendWhenUploaded(page, 'What is in this picture?');

    // The mock says what reached it: one PNG of exactly these bytes.
    await page
      .getByText(`Images received: 1 (image/png ${PNG.length} bytes). You said: What is in this picture?`)
      .waitFor({ timeout: STREAM_TIMEOUT });
    await expect.poll(() => naturalWidth(page, 'dot.png'), { timeout: 10_000 }).toBe(1);

    await page.reload();
    await question(page).waitFor({ timeout: 15_000 });
    await expect.poll(() => naturalWidth(page, 'dot.png'), { timeout: 10_000 }).toBe(1);
    await page.close();
  });

  it('takes a pasted image and a document; the document reaches the model and downloads back unchanged', async () => {
    const page = await openChat();
    const notes = 'Shopping list\n- oat milk\n- lemons\n';
    await whenBoxTakesFiles(page);
    await composer(page).evaluate((box, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, Array.from(PNG));
    await thumbnails(page)
      .getByRole('img', { name: /^clipboard_\d+_image\.png$/ })
      .waitFor();
    await page.getByTestId('attach-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(notes),
    });
    await sendWhenUploaded(page, 'What should I buy?');

    await page.getByText('Images received: 1 (image/png', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });
    // The mock echoes the prompt's text: the document came before the question.
    await page.getByText('Attached file "notes.txt"', { exact: false }).last().waitFor({ timeout: STREAM_TIMEOUT });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      question(page).getByRole('button', { name: 'Download notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    const saved = await download.path();
    expect(await readFile(saved, 'utf8')).toBe(notes);
    await page.close();
  });

  it('makes an image larger than models use smaller before uploading it', async () => {
    const page = await openChat();
    await clearMockRequests();
    await whenBoxTakesFiles(page);
    // A 3000×1500 picture, pasted: the browser brings it down to 768 pixels on its short side.
    await composer(page).evaluate(async (box) => {
      const canvas = document.createElement('canvas');
      canvas.width = 3000;
      canvas.height = 1500;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      // Flat colours: a small file, well under the end-to-end size limit, at a large size.
      context.fillStyle = '#f80';
      context.fillRect(0, 0, 3000, 1500);
      context.fillStyle = '#08f';
      context.fillRect(1000, 500, 1000, 500);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('no PNG');
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'wide.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    });
    await thumbnails(page)
      .getByRole('img', { name: /^clipboard_\d+_wide\.png$/ })
      .waitFor();
    await sendWhenUploaded(page, 'How wide is it?');
    await page.getByText('Images received: 1 (image/png', { exact: false }).waitFor({ timeout: STREAM_TIMEOUT });

    // The PNG the model received: its header gives its size.
    const chat = (await mockRequests()).find((request) => request.path.endsWith('/chat/completions'));
    const body = chat?.body as { messages: { role: string; content: unknown }[] } | undefined;
    const parts = body?.messages.at(-1)?.content as { type: string; image_url?: { url: string } }[];
    const url = parts.find((part) => part.type === 'image_url')?.image_url?.url ?? '';
    const png = Buffer.from(url.split(',')[1] ?? '', 'base64');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1536, 768]);
    await page.close();
  });

  it('refuses an unsupported type and a file over the limit with the spec’s texts, before uploading', async () => {
    const page = await openChat();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/files'))
        uploads.push(request.url());
    });
    await page.getByTestId('attach-file-input').setInputFiles([
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video') },
      {
        name: 'huge.txt',
        mimeType: 'text/plain',
        buffer: Buffer.alloc((E2E_FILE_SIZE_LIMIT_MB + 1) * 1024 * 1024, 'a'),
      },
    ]);
    await page.getByText('Currently, unsupported file type: video/mp4', { exact: false }).waitFor();
    await page.getByText(`File size exceeds ${E2E_FILE_SIZE_LIMIT_MB} MB.`, { exact: false }).waitFor();
    expect(await thumbnails(page).count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.close();
  });
  it('offers an image or a file from the paperclip, and refuses an image for a model that cannot read images', async () => {
    const page = await openChat();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/files'))
        uploads.push(request.url());
    });
    await whenBoxTakesFiles(page);
    const paperclip = page.getByRole('button', { name: 'Attach files' });
    // The row of badges under the box may still be arriving and lift the composer: the menu is
    // placed from where the paperclip is when it opens, so open it once the paperclip stays put.
    let lastY: number | undefined;
    await expect
      .poll(async () => {
        const y = (await paperclip.boundingBox())?.y;
        const settled = y !== undefined && y === lastY;
        lastY = y;
        return settled;
      })
      .toBe(true);
    await paperclip.click();
    const menu = page.getByRole('menu', { name: 'Attach files' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Upload image', 'Upload file']);
    // The menu opens above the message box, inside the window.
    const box = await menu.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual((await paperclip.boundingBox())?.y ?? 0);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'attach-menu.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => paperclip.evaluate((button) => button === document.activeElement)).toBe(true);

    // mock-text is configured as a model without vision.
    await page.getByRole('button', { name: /^Model:/ }).click();
    await page.getByRole('option', { name: 'mock-text' }).click();
    await page.getByRole('button', { name: 'Model: mock-text' }).waitFor();
    expect(await paperclip.getAttribute('aria-haspopup')).toBeNull();
    await page.getByTestId('attach-file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('This model cannot read images, so dot.png was not attached.', { exact: false }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'attach-image-refused.png') });
    expect(await thumbnails(page).count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.close();
  });
});
