/**
 * The progress ring of an attachment, in Chromium against the real worker: the upload is held
 * back on its way to the server so the ring can be seen part way (its accessible value and the
 * stroke it draws agree, and only the server's answer completes it), then let through, after
 * which the ring gives way to the uploaded thumbnail and the message can be sent.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser } from './browser';
import './provided';
import { registerAccount, signedInContext } from './signed-in';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const account = { name: 'Ring Watcher', email: `ring${Date.now()}@example.com`, password: 'correct horse battery' };

// A 1×1 PNG: small, and a real image the browser can measure.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The ring's radius in its 40×40 drawing (progress-ring.tsx). */
const CIRCUMFERENCE = 2 * Math.PI * 16;

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
  context = await signedInContext(browser, appUrl, account);
});
afterEach(async () => {
  await context.close();
});

const thumbnails = (page: Page) => page.getByRole('list', { name: 'Attached files' });

interface RingRecord {
  /** Each value the ring showed, in order. */
  values: number[];
  /** When (the page's clock) the ring went away, once it had been seen. */
  goneAt: number | null;
}

/** Records every value the page's progress ring takes, from before it first appears, and when it goes. */
async function recordRing(page: Page): Promise<() => Promise<RingRecord>> {
  await page.evaluate(() => {
    const record: RingRecord = { values: [], goneAt: null };
    Object.assign(window, { ringRecord: record });
    new MutationObserver(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined) {
        if (Number(value) !== record.values.at(-1)) record.values.push(Number(value));
      } else if (record.values.length > 0 && record.goneAt === null) record.goneAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { ringRecord: RingRecord }).ringRecord);
}

/** When (the page's clock) the answer to the upload at `pathname` began to arrive. */
const answeredAt = (page: Page, pathname: string) =>
  page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .find((entry) => new URL(entry.name).pathname === wanted)?.responseStart ?? null,
    pathname,
  );

describe('the progress ring of an attachment', () => {
  it('stays part way while the server has not answered, then gives way to the uploaded thumbnail', async () => {
    const page = await context.newPage();
    await page.goto('/c/new');
    const composer = page.getByRole('textbox', { name: 'Message input' });
    await composer.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Attach files' }).isEnabled()).toBe(true);

    // The upload reaches the server only when the test lets it.
    let held = false;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/files/images', async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    const ringRecord = await recordRing(page);

    await page.getByTestId('attach-file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    const ring = thumbnails(page).getByRole('progressbar', { name: 'Uploading dot.png' });
    await ring.waitFor();
    await expect.poll(() => held).toBe(true);
    const valueNow = async () => Number(await ring.getAttribute('aria-valuenow'));
    // Measured (60), then the bytes sent: part way, never complete before the server answers.
    await expect.poll(valueNow).toBeGreaterThanOrEqual(60);
    await page.waitForTimeout(600);
    const midway = await valueNow();
    expect(midway).toBeGreaterThanOrEqual(60);
    expect(midway).toBeLessThanOrEqual(95);
    expect(await ring.getAttribute('aria-valuemin')).toBe('0');
    expect(await ring.getAttribute('aria-valuemax')).toBe('100');
    // The stroke drawn leaves open the share not yet done.
    const offset = Number(await ring.locator('circle').nth(1).getAttribute('stroke-dashoffset'));
    expect(offset / CIRCUMFERENCE).toBeCloseTo(1 - midway / 100, 1);
    await composer.fill('What is this dot?');
    expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Cancel the upload of dot.png' }).isVisible()).toBe(true);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await thumbnails(page).screenshot({ path: path.join(SCREENSHOT_DIR, 'attachment-ring-midway.png') });

    release();
    await ring.waitFor({ state: 'detached', timeout: 10_000 });
    const thumbnail = thumbnails(page).getByRole('img', { name: 'dot.png' });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await page.getByRole('button', { name: 'Remove dot.png' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    await thumbnails(page).screenshot({ path: path.join(SCREENSHOT_DIR, 'attachment-ring-done.png') });

    // The ring only moved forward: 20 at once, 60 for the measured image, and never full before the answer.
    const record = await ringRecord();
    const values = record.values.filter((value) => value > 0);
    expect(values[0]).toBe(20);
    expect(values).toContain(60);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(Math.max(...values)).toBeLessThanOrEqual(95);
    // It went away only once the server had answered.
    expect(record.goneAt).toBeGreaterThanOrEqual((await answeredAt(page, '/api/files/images')) ?? Infinity);
    await page.close();
  });

  it('climbs with the bytes sent on a slow connection, never past 95% before the answer, then completes', async () => {
    const page = await context.newPage();
    await page.goto('/c/new');
    await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Attach files' }).isEnabled()).toBe(true);
    // About 100 KB a second up: a 300 KB document takes three seconds, long enough to watch.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    const ringRecord = await recordRing(page);
    const text = 'A line of notes, long enough to take a while to send.\n'.repeat(5_500);
    await page
      .getByTestId('attach-file-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });

    const ring = thumbnails(page).getByRole('progressbar', { name: 'Uploading notes.txt' });
    const valueNow = async () => Number(await ring.getAttribute('aria-valuenow'));
    await expect.poll(valueNow).toBeGreaterThan(40);
    const midway = await valueNow();
    expect(midway).toBeLessThan(95);
    const offset = Number(await ring.locator('circle').nth(1).getAttribute('stroke-dashoffset'));
    expect(offset / CIRCUMFERENCE).toBeCloseTo(1 - midway / 100, 1);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await thumbnails(page).screenshot({ path: path.join(SCREENSHOT_DIR, 'attachment-ring-bytes.png') });

    await page.getByRole('button', { name: 'Remove notes.txt' }).waitFor({ timeout: 30_000 });
    expect(await ring.count()).toBe(0);
    // Step by step with the bytes (an estimate every 200 ms), forward only, capped at 95 until the answer.
    const record = await ringRecord();
    const values = record.values.filter((value) => value > 0);
    expect(values[0]).toBe(20);
    expect(values.filter((value) => value > 20 && value < 95).length).toBeGreaterThanOrEqual(5);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(Math.max(...values)).toBeLessThanOrEqual(95);
    expect(record.goneAt).toBeGreaterThanOrEqual((await answeredAt(page, '/api/files')) ?? Infinity);
    await page.close();
  });
});
