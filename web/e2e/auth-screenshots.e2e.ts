/**
 * The auth pages, the settings dialog and the two-factor setup dialog in light and dark, on a
 * desktop (1280×800) and a phone (390×844): full-page screenshots for a person to look at
 * (test-results/screenshots/, git-ignored) and, for the machine, the quality facts behind
 * "looks finished": the card is centred, nothing scrolls sideways, every field is labelled,
 * keyboard focus is visible, and text (the primary button's first) has AA contrast.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { accessTokenFromPage, apiFromPage, openAccountMenu, openAccountSettings, totpAfter } from './account-helpers';
import { launchBrowser } from './browser';
import {
  boxOf,
  horizontalOverflow,
  isDark,
  MIN_TEXT_CONTRAST,
  tabThroughPage,
  textContrasts,
  unlabelledFields,
  type Theme,
} from './page-quality';
import { DEVICES, THEMES, openDevicePage, type Device } from './devices';
import './provided';

const appUrl = inject('appUrl');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');

/** The settings dialog's tabs and the screenshot each gets. */
const SETTINGS_TABS = [
  ['General', 'settings-general'],
  ['Account', 'settings-account'],
  ['Chat', 'settings-chat'],
  ['Commands', 'settings-commands'],
  ['Data controls', 'settings-data'],
] as const;

interface AuthPage {
  name: string;
  url: string;
  heading: string;
  /** What shows once the page has settled (after its server call, if it makes one). */
  ready?: string | RegExp;
  /** The primary action; its text contrast is measured (enabled first when `enableWith` says how). */
  primary?: string;
  enableWith?: (page: Page) => Promise<void>;
}

const AUTH_PAGES: readonly AuthPage[] = [
  { name: 'login', url: '/login', heading: 'Welcome back', ready: 'Continue with OpenID', primary: 'Continue' },
  {
    name: 'login-2fa',
    url: '/login/2fa?tempToken=x',
    heading: 'Verify Your Identity',
    primary: 'Verify',
    enableWith: (page) => page.getByLabel('Authentication code', { exact: true }).fill('123456'),
  },
  {
    name: 'register',
    url: '/register',
    heading: 'Create your account',
    ready: 'Continue with OpenID',
    primary: 'Continue',
  },
  { name: 'forgot-password', url: '/forgot-password', heading: 'Reset your password', primary: 'Continue' },
  {
    name: 'reset-password',
    url: '/reset-password?token=x&userId=y',
    heading: 'Reset your password',
    primary: 'Continue',
  },
  {
    name: 'verify',
    url: '/verify?token=x&email=a@b.co',
    heading: 'Email verification',
    ready: /verification failed|invalid/i,
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const openContext = (device: Device, theme: Theme) => openDevicePage(browser, appUrl, device, theme);

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** The card: the box around the page's one h1, inside <main>. */
const authCard = (page: Page) => page.locator('main > div').filter({ has: page.getByRole('heading', { level: 1 }) });

/** The text elements whose contrast is checked on every page and dialog. */
const TEXT_SELECTOR = 'h1, h2, h3, p, label, a, button, li, span, dt, dd, code';

function expectReadable(
  samples: { text: string; ratio: number; color: string; background: string }[],
  where: string,
): void {
  const poor = samples.filter((sample) => sample.ratio < MIN_TEXT_CONTRAST);
  expect(poor, `${where}: text below ${MIN_TEXT_CONTRAST}:1`).toEqual([]);
}

async function expectKeyboardFocusVisible(page: Page, where: string): Promise<void> {
  const stops = await tabThroughPage(page);
  expect(stops.length, `${where}: Tab reaches something`).toBeGreaterThan(1);
  expect(
    stops.filter((stop) => !stop.visible),
    `${where}: focus without a visible indicator`,
  ).toEqual([]);
}

describe.each(DEVICES)('auth pages on a $name', (viewport) => {
  it.each(THEMES)(
    'look finished in the %s theme',
    async (theme) => {
      const { context, page } = await openContext(viewport, theme);
      try {
        for (const authPage of AUTH_PAGES) {
          const where = `${authPage.name} (${theme}, ${viewport.name})`;
          await page.goto(authPage.url);
          await page.getByRole('heading', { level: 1, name: authPage.heading }).waitFor();
          if (authPage.ready !== undefined) await page.getByText(authPage.ready).first().waitFor();
          await settle(page);
          expect(await isDark(page), `${where}: theme`).toBe(theme === 'dark');
          await screenshot(page, `${authPage.name}-${theme}-${viewport.name}`);

          // Layout: the card is centred, fits the screen's width, and nothing scrolls sideways.
          const card = await boxOf(authCard(page));
          expect(
            Math.abs((card.left + card.right) / 2 - card.viewportWidth / 2),
            `${where}: card centred`,
          ).toBeLessThanOrEqual(1);
          expect(card.left, `${where}: card margin`).toBeGreaterThanOrEqual(16);
          expect(card.width, `${where}: card width`).toBeLessThanOrEqual(448);
          expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBe(0);
          if (viewport.name === 'desktop') {
            // The page's heading and its main action show without scrolling.
            const action = authPage.primary
              ? authCard(page).getByRole('button', { name: authPage.primary, exact: true })
              : authCard(page);
            expect((await boxOf(action)).bottom, `${where}: main action above the fold`).toBeLessThanOrEqual(
              card.viewportHeight,
            );
          }

          // Accessibility: labelled fields, one h1, visible keyboard focus.
          expect(await unlabelledFields(page), `${where}: unlabelled fields`).toEqual([]);
          expect(await page.getByRole('heading', { level: 1 }).count(), `${where}: one h1`).toBe(1);
          await expectKeyboardFocusVisible(page, where);

          // Contrast: the primary button first (enabled, as a user sees it when it can be pressed), then all text.
          if (authPage.primary) {
            await authPage.enableWith?.(page);
            const button = authCard(page).getByRole('button', { name: authPage.primary, exact: true });
            expect(await button.isEnabled(), `${where}: ${authPage.primary} enabled`).toBe(true);
            // Enabling fades the button in (opacity transition): measure once it is done.
            await expect.poll(() => button.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
            const [sample] = await textContrasts(page, `main button[type="submit"]`);
            expect(sample?.text, `${where}: primary button found`).toBe(authPage.primary);
            expect(
              sample?.ratio ?? 0,
              `${where}: primary button text ${sample?.color} on ${sample?.background}`,
            ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
          }
          expectReadable(await textContrasts(page, `main :is(${TEXT_SELECTOR})`), where);
        }
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});

describe.each(DEVICES)('settings and two-factor setup on a $name', (viewport) => {
  it.each(THEMES)(
    'look finished in the %s theme',
    async (theme) => {
      const { context, page } = await openContext(viewport, theme);
      const email = `shots-${theme}-${viewport.name}-${Date.now()}@example.com`;
      const password = 'screenshot password';
      try {
        const registered = await context.request.post('/api/auth/register', {
          data: { name: 'Screenshot User', email, password, confirm_password: password },
        });
        expect(registered.status()).toBeLessThan(300);
        expect((await context.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);

        await page.goto('/c/new');
        await page.getByRole('textbox', { name: 'Message input' }).waitFor();
        await settle(page);
        expect(await isDark(page)).toBe(theme === 'dark');

        const shoot = async (name: string, dialog: Locator) => {
          const where = `${name} (${theme}, ${viewport.name})`;
          await dialog.waitFor();
          await settle(page);
          await screenshot(page, `${name}-${theme}-${viewport.name}`);
          const box = await boxOf(dialog);
          expect(box.left, `${where}: dialog inside the screen`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${where}: dialog inside the screen`).toBeLessThanOrEqual(box.viewportWidth);
          expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBe(0);
          expect(await unlabelledFields(page), `${where}: unlabelled fields`).toEqual([]);
          expectReadable(await textContrasts(page, `[role="dialog"] :is(${TEXT_SELECTOR})`), where);
          await expectKeyboardFocusVisible(page, where);
          // Focus stays in the dialog (it is modal).
          expect(
            await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
            `${where}: focus trapped`,
          ).toBe(true);
        };

        await openAccountMenu(page);
        await page.getByRole('menuitem', { name: 'Settings' }).click();
        const settings = page.getByRole('dialog', { name: 'Settings' });
        // Every tab: the dialog keeps one height (switching must not make it jump), and every
        // tab button lies wholly on screen, on the phone too.
        const heights = new Map<string, number>();
        for (const [tab, shot] of SETTINGS_TABS) {
          await settings.getByRole('tab', { name: tab }).click();
          const panel = settings.getByRole('tabpanel', { name: tab });
          await panel.waitFor();
          // Each tab opens at its top, not at the scroll position the previous tab was left at.
          expect(await panel.evaluate((element) => element.scrollTop), `${tab} tab scrolled`).toBe(0);
          if (tab === 'Account') await page.getByRole('button', { name: 'Enable 2FA' }).waitFor();
          await shoot(shot, settings);
          const box = await boxOf(settings);
          heights.set(tab, Math.round(box.bottom - box.top));
          for (const button of await settings.getByRole('tab').all()) {
            const where = `${tab} tab shown, "${await button.textContent()}" (${theme}, ${viewport.name})`;
            const tabBox = await boxOf(button);
            expect(tabBox.left, `${where}: inside the screen`).toBeGreaterThanOrEqual(0);
            expect(tabBox.right, `${where}: inside the screen`).toBeLessThanOrEqual(tabBox.viewportWidth);
            expect(tabBox.bottom, `${where}: inside the screen`).toBeLessThanOrEqual(tabBox.viewportHeight);
            // Not cut off inside the tab list either: the label is not clipped.
            expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth), where).toBe(true);
          }
        }
        expect(new Set(heights.values()).size, `one dialog height on every tab: ${JSON.stringify([...heights])}`).toBe(
          1,
        );
        await page.keyboard.press('Escape');
        await settings.waitFor({ state: 'detached' });

        await openAccountSettings(page);
        await page.getByRole('button', { name: 'Enable 2FA' }).click();
        const setup = page.getByRole('dialog', { name: 'Setup 2FA' });
        await shoot('two-factor-1-setup', setup);
        await setup.getByRole('button', { name: 'Generate QR Code' }).click();
        await setup.getByTestId('two-factor-qr').waitFor();
        await shoot('two-factor-2-qr', setup);
        const secret = (await setup.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
        await setup.getByRole('button', { name: 'Continue' }).click();
        await shoot('two-factor-3-verify', setup);
        await setup
          .getByLabel('Enter the 6-digit code from your authenticator app')
          .fill((await totpAfter(secret)).code);
        await setup.getByRole('button', { name: 'Verify' }).click();
        await setup.getByTestId('backup-codes').waitFor();
        await shoot('two-factor-4-backup', setup);

        // Closing mid-setup undoes it (the dialog's own behaviour); then the account goes.
        const undone = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/2fa/disable');
        await page.keyboard.press('Escape');
        expect((await undone).status()).toBe(200);
        await settle(page);
        const token = await accessTokenFromPage(page);
        expect((await apiFromPage(page, '/api/user/delete', token, 'DELETE')).status).toBe(200);
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});
