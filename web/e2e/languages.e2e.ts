/**
 * The interface in German, Japanese and Arabic: a person switches the language in the settings
 * (General → Language), and the settings, the chat screen and — signed out, with the remembered
 * choice — the sign-in page are drawn in it. Each is screenshotted (test-results/screenshots/,
 * for a person to judge) and held to: the page says it is in that language (`lang`, the words of
 * its catalogue), nothing scrolls sideways, no text is cut off or spills out of its box, axe
 * finds nothing, and Arabic mirrors the page (right to left: the sidebar on the right, a
 * dialog's close button on its left).
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { openAccountMenu } from './account-helpers';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { composer } from './chat-quality';
import { DESKTOP, openDevicePage } from './devices';
import { boxOf, clippedText, horizontalOverflow } from './page-quality';
import { registerAccount, type SpecAccount } from './signed-in';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const account: SpecAccount = {
  name: 'Grace Hopper',
  email: `languages-${Date.now()}@example.com`,
  password: 'languages password',
};

/** A language's words, from the catalogues the app ships. */
function words(language: string): Record<string, string> {
  const folder = path.join(REPO_ROOT, 'web/src/locales', language);
  const read = (file: string) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>;
  return { ...read('translation.json'), ...read('chat.json') };
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await registerAccount(browser, appUrl, account);
});
afterAll(async () => {
  await browser?.close();
});

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** The facts every screen in every language must show. */
async function expectFinishedIn(page: Page, language: string, where: string, within = 'body'): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), `${where}: lang`).toBe(language);
  const dir = language === 'ar-EG' ? 'rtl' : 'ltr';
  expect(await page.evaluate(() => document.documentElement.dir), `${where}: dir`).toBe(dir);
  expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBe(0);
  expect(await clippedText(page, within), `${where}: text cut off`).toEqual([]);
  expect(await axeViolations(page, { include: [within] }), `${where}: axe`).toEqual([]);
}

describe('the interface in another language', () => {
  it.each(['de-DE', 'ja-JP', 'ar-EG'])(
    '%s: switched in the settings, then the settings, the chat screen and the sign-in page',
    async (language) => {
      const text = words(language);
      const rightToLeft = language === 'ar-EG';
      const { context, page } = await openDevicePage(browser, appUrl, DESKTOP, 'light', { signIn: account });
      try {
        await page.goto('/c/new');
        await composer(page).waitFor({ timeout: 15_000 });

        // Settings → General → Language, in English; the dialog redraws in the new language.
        await openAccountMenu(page);
        await page.getByRole('menuitem', { name: 'Settings' }).click();
        await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('tab', { name: text.com_nav_setting_general }).waitFor();
        await dialog.getByRole('combobox', { name: text.com_nav_language }).waitFor();
        await settle(page);
        await screenshot(page, `language-${language}-settings`);
        await expectFinishedIn(page, language, `${language} settings`, '[role="dialog"]');
        const close = await boxOf(dialog.getByRole('button', { name: text.com_ui_close }));
        const title = await boxOf(dialog.getByRole('heading', { name: text.com_nav_settings }));
        expect(close.left < title.left, `${language} settings: close button before the title`).toBe(rightToLeft);

        // The chat screen behind it, in the same language.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('textbox', { name: text.com_ui_message_input }).waitFor();
        await settle(page);
        await screenshot(page, `language-${language}-chat`);
        await expectFinishedIn(page, language, `${language} chat`);
        const sidebar = await boxOf(page.getByRole('navigation', { name: text.com_nav_chat_history }));
        const middle = sidebar.viewportWidth / 2;
        expect(rightToLeft ? sidebar.left > middle : sidebar.right < middle, `${language}: sidebar side`).toBe(true);

        // Signed out, the remembered choice (365 days) draws the sign-in page in it too.
        const chosen = (await context.cookies()).find((cookie) => cookie.name === 'lang');
        expect(chosen?.value).toBe(language);
        const daysLeft = ((chosen?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
        expect(Math.round(daysLeft)).toBe(365);
        const visitor = await openDevicePage(browser, appUrl, DESKTOP, 'light');
        try {
          if (chosen) await visitor.context.addCookies([chosen]);
          await visitor.page.goto('/login');
          await visitor.page.getByRole('button', { name: text.com_auth_continue, exact: true }).waitFor();
          await settle(visitor.page);
          await screenshot(visitor.page, `language-${language}-login`);
          await expectFinishedIn(visitor.page, language, `${language} login`);
        } finally {
          await visitor.context.close();
        }
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});
