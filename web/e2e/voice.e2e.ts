/**
 * Voice in Chromium with a fake microphone playing a WAV spoken by espeak-ng, against the mock's
 * speech APIs: dictation through the server engine fills the composer and sends itself; the
 * reply is read aloud once from the server and a second time from the browser's cache, which
 * the Data tab then clears.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser } from './browser';
import './provided';
import { registerAccount, signedInContext, type SpecAccount } from './signed-in';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const WAV = path.join(REPO_ROOT, 'web/e2e/fixtures/dictation.wav');
const account: SpecAccount = {
  name: 'Voice User',
  email: `voice${Date.now()}@example.com`,
  password: 'correct horse battery',
};

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${WAV}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  await registerAccount(browser, appUrl, account);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** The chat page with both engines on the server's side and a 1 s auto-send. */
async function openChat(extra: Record<string, string> = {}): Promise<{ page: Page; ttsRequests: () => number }> {
  context = await signedInContext(browser, appUrl, account, { permissions: ['microphone'] });
  await context.addInitScript((settings) => {
    for (const [key, value] of Object.entries(settings)) localStorage.setItem(key, value);
    localStorage.setItem('engineSTT', '"external"');
    localStorage.setItem('engineTTS', '"external"');
    localStorage.setItem('autoSendText', '1');
    // Counts what the page plays, since the read-aloud audio element is not in the document.
    const played: string[] = [];
    (window as unknown as { played: string[] }).played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this.src);
      return play.call(this);
    };
  }, extra);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  let tts = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/files/speech/tts')) tts += 1;
  });
  await page.goto('/c/new');
  const box = page.getByRole('textbox', { name: 'Message input' });
  await box.waitFor({ timeout: 15_000 });
  await expect.poll(() => box.isEnabled()).toBe(true);
  return { page, ttsRequests: () => tts };
}

const played = (page: Page) => page.evaluate(() => (window as unknown as { played: string[] }).played.length);

describe('voice', { timeout: 90_000 }, () => {
  it('dictates through the server engine, sends by itself, reads the reply aloud once and then from the cache', async () => {
    const { page, ttsRequests } = await openChat();
    await page.getByRole('button', { name: 'Dictate' }).click();
    const stop = page.getByRole('button', { name: 'Stop dictation' });
    await stop.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-recording.png') });
    await page.waitForTimeout(1500);
    await stop.click();

    // The mock transcribes any upload as a description of its bytes; the message sends itself.
    const question = page.getByRole('article').filter({ hasText: 'Mock transcript of' }).first();
    await question.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('textbox', { name: 'Message input' }).inputValue()).toBe('');

    const reply = page.getByRole('article', { name: 'Mock' }).last();
    const readAloud = reply.getByRole('button', { name: 'Read aloud' });
    await readAloud.waitFor({ timeout: 20_000 });
    await readAloud.click();
    await expect.poll(() => played(page), { timeout: 15_000 }).toBe(1);
    await expect.poll(ttsRequests).toBe(1);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('tts-responses')).keys()).length), {
        timeout: 15_000,
      })
      .toBe(1);

    await reply.getByRole('button', { name: /Stop reading|Read aloud/ }).click();
    await reply.getByRole('button', { name: 'Read aloud' }).waitFor();
    await reply.getByRole('button', { name: 'Read aloud' }).click();
    await expect.poll(() => played(page), { timeout: 15_000 }).toBe(2);
    expect(ttsRequests()).toBe(1);

    // Settings → Data clears the kept audio.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Speech' }).click();
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-speech-tab.png') });
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.evaluate(() => caches.has('tts-responses'))).toBe(false);
  });

  it('runs two hands-free turns in conversation mode', async () => {
    const { page } = await openChat({ conversationMode: 'true', autoTranscribeAudio: 'true' });
    const dictate = async () => {
      const stop = page.getByRole('button', { name: 'Stop dictation' });
      await stop.waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1000);
      await stop.click();
    };
    await page.getByRole('button', { name: 'Dictate' }).click();
    await dictate();
    const replies = page.getByRole('article', { name: 'Mock' });
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(1);
    // The reply is read aloud by itself; when it ends the microphone listens again.
    await expect.poll(() => played(page), { timeout: 20_000 }).toBe(1);
    await dictate();
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => played(page), { timeout: 20_000 }).toBe(2);
  });
});
