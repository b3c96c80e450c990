/**
 * /d/files in a real browser: files uploaded through the real `POST /api/files` show in the
 * table (an image with its thumbnail), nothing scrolls sideways on a 390 px phone, and deleting
 * a file after the confirmation removes it from the page and from the server. Screenshots of
 * the phone and the desktop layouts go to test-results/screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { launchBrowser } from './browser';
import { DESKTOP, PHONE, openDevicePage } from './devices';
import { horizontalOverflow } from './page-quality';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const UI_TIMEOUT = 20_000;
const PASSWORD = 'correct horse battery';
/** A 24×24 gradient: a real PNG, so the thumbnail has something to draw. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAEBUlEQVR4nA3MIc9HQADA4ffj/KMomSCYdMkEwaRLJgi/SZdMEEy6ZIJg0iUTBJMuiqKP8no+wPP3wzpYF+tjQ6zAJtgMK7ElFqzCttgeq7ETdsEa7I49sRZ7Yx/si/37cTlcLpfPFXIJroQr45JcJRdciqvl6rk018S1cBmunevkslw318P1cn3R4XC4HD5HyCE4Eo6MQ3KUHHAojpaj59AcE8fCYTh2jpPDctwcD8fL8UWbw+ay+Wwhm2BL2DI2yVaywabYWraeTbNNbAubYdvZTjbLdrM9bC/bFxkH42J8TIgRmASTYSSmxIBRmBbTYzRmwiwYg9kxJ8ZibsyDeTFftDqsLqvPGrIK1oQ1Y5WsJSusirVl7Vk168S6sBrWnfVktaw368P6sn7R7DC7zD5zyCyYE+aMWTKXzDAr5pa5Z9bME/PCbJh35pPZMt/MD/PL/EWjw+gy+owho2BMGDNGyVgywqgYW8aeUTNOjAujYdwZT0bLeDM+jC/jF2kH7aJ9dIgW6ASdoSW6RINW6BbdozV6Qi9og97RJ9qib/SDftFfNDgMLoPPEDIIhoQhY5AMJQMMiqFl6Bk0w8SwMBiGneFksAw3w8PwMnxR59C5dD5dSCfoErqMTtKVdNApupaup9N0E91CZ+h2upPO0t10D91L90WNQ+PS+DQhjaBJaDIaSVPSQKNoWpqeRtNMNAuNodlpThpLc9M8NC/NFykH5aJ8VIgSqASVoSSqRIFSqBbVozRqQi0og9pRJ8qibtSDelFfVDvULrVPHVIL6oQ6o5bUJTXUirql7qk19US9UBvqnfqkttQ39UP9Un9R5VC5VD5VSCWoEqqMSlKVVFApqpaqp9JUE9VCZah2qpPKUt1UD9VL9UWFQ+FS+BQhhaBIKDIKSVFSQKEoWoqeQlNMFAuFodgpTgpLcVM8FC/FF0kH6SJ9ZIgUyASZISWyRIJUyBbZIzVyQi5Ig9yRJ9Iib+SDfJFflDvkLrlPHpIL8oQ8I5fkJTnkirwl78k1+US+kBvynfwkt+Q3+UP+kn9R6pC6pD5pSCpIE9KMVJKWpJAq0pa0J9WkE+lCakh30pPUkt6kD+lL+kWxQ+wS+8QhsSBOiDNiSVwSQ6yIW+KeWBNPxAuxId6JT2JLfBM/xC/xFwkH4SJ8RIgQiASRISSiRIBQiBbRIzRiQiwIg9gRJ8IibsSDeBFfFDlELpFPFBIJooQoI5JEJRFEiqgl6ok00US0EBminegkskQ30UP0En1R4BC4BD5BSCAIEoKMQBKUBBAogpagJ9AEE8FCYAh2gpPAEtwED8FL8EWeg+fi+XghnsBL8DI8iVfigafwWrweT+NNeAuewdvxTjyLd+M9eC/eP+d1Xe6OqR3jAAAAAElFTkSuQmCC';

let browser: Browser;
const account = { email: `filemanager${Date.now()}@example.com`, password: PASSWORD };

/** Uploads one file the way the composer does: multipart to the real route, with the bearer token. */
async function upload(request: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer) {
  const answer = await request.post('/api/files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { endpoint: 'openAI', file_id: crypto.randomUUID(), file: { name, mimeType, buffer } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const context = await browser.newContext({ baseURL: appUrl });
  try {
    const { request } = context;
    const signUp = await request.post('/api/auth/register', {
      data: { name: 'File Keeper', ...account, confirm_password: PASSWORD },
    });
    expect(signUp.status()).toBeLessThan(300);
    const login = await request.post('/api/auth/login', { data: account });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    await upload(request, token, 'garden plan.png', 'image/png', Buffer.from(PNG_BASE64, 'base64'));
    await upload(
      request,
      token,
      'quarterly budget notes with a rather long name.txt',
      'text/plain',
      Buffer.from('rows'),
    );
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('the file manager', () => {
  it('shows the uploaded files on a desktop, with the image thumbnail', async () => {
    const { context, page } = await openDevicePage(browser, appUrl, DESKTOP, 'light', { signIn: account });
    try {
      await page.goto('/d/files');
      await page.getByRole('row', { name: /garden plan\.png/ }).waitFor({ timeout: UI_TIMEOUT });
      await page.getByTestId('file-thumbnail').waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByTestId('file-thumbnail').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(
        24,
      );
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'file-manager-desktop-light.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone and deletes a file after the confirmation', async () => {
    const { context, page } = await openDevicePage(browser, appUrl, PHONE, 'dark', { signIn: account });
    try {
      await page.goto('/d/files');
      const row = page.getByRole('row', { name: /quarterly budget notes/ });
      await row.waitFor({ timeout: UI_TIMEOUT });
      await page.getByTestId('file-thumbnail').waitFor({ timeout: UI_TIMEOUT });
      expect(await horizontalOverflow(page)).toBe(0);
      const download = page.getByRole('button', { name: /^Download quarterly budget notes/ });
      const box = await download.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'file-manager-phone-dark.png'), fullPage: true });

      await page.getByRole('checkbox', { name: /^Select quarterly budget notes/ }).check();
      await page.getByRole('button', { name: 'Delete selected' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await expect.poll(() => page.getByRole('row').count()).toBe(2);

      // Gone on the server too: a reload lists only the image.
      await page.reload();
      await page.getByRole('row', { name: /garden plan\.png/ }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByRole('row', { name: /quarterly budget notes/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
