/**
 * One person's whole account life, through the UI in Chromium, against an app instance of its
 * own (so "the first account registered becomes ADMIN" is deterministic, and the terms modal
 * is switched on): register → accept the terms → log out and in → turn on two-factor → log in
 * with a TOTP code → log in with a backup code (then see it refused a second time) → turn
 * two-factor off → log in without it → delete the account. Key server facts are checked through
 * the API from the page. The steps run in order and build on each other.
 *
 * A second, independent test declines the terms with another account.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenFromPage,
  apiFromPage,
  captureDownload,
  hasSessionInPage,
  logOutThroughMenu,
  openAccountSettings,
  pathOf,
  recordHistory,
  recordedPaths,
  submitLogin,
  totpAfter,
  waitForPath,
} from './account-helpers';
import { launchBrowser, newContext } from './browser';
import { startIsolatedApp, type IsolatedApp } from './isolated-app';

const TERMS_TITLE = 'Terms of Service';
const TERMS_TEXT = 'By using EdgeChat you agree to use it lawfully and kindly.';
/** Two-factor waits for fresh 30-second steps (replays are refused), so these steps take longer. */
const TOTP_STEP_TIMEOUT = 120_000;

let app: IsolatedApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startIsolatedApp({
      name: 'account-journey',
      config: {
        interface: {
          termsOfService: { modalAcceptance: true, modalTitle: TERMS_TITLE, modalContent: `<p>${TERMS_TEXT}</p>` },
        },
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const termsDialog = (page: Page) => page.getByRole('dialog', { name: TERMS_TITLE });
const loginForm = (page: Page) => page.getByRole('form', { name: 'Sign in with email' });
const twoFactorField = (page: Page, label: 'Authentication code' | 'Backup code') =>
  page.getByLabel(label, { exact: true });

/** Registers through /register and waits out the success countdown to /c/new. */
async function registerThroughUi(
  page: Page,
  account: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Email address').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Registration successful.').waitFor();
  await page.getByText(/Redirecting in [1-3] seconds?\.\.\./).waitFor();
  await waitForPath(page, '/c/new', 10_000);
}

describe('an account from registration to deletion', () => {
  let context: BrowserContext;
  let page: Page;
  const account = {
    name: 'Journey Admin',
    email: `journey${Date.now()}@example.com`,
    password: 'correct horse battery',
  };
  let secret = '';
  let backupCodes: string[] = [];
  /** The last TOTP step the server accepted: a code of that step or an earlier one is refused. */
  let usedStep: number | null = null;

  beforeAll(async () => {
    context = await newContext(browser, app.url, { acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror', error.message));
  });
  afterAll(async () => {
    await context?.close();
  });

  /** /login → credentials → the code step; returns with the page on /login/2fa?tempToken=… */
  async function startTwoFactorLogin(): Promise<void> {
    if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await waitForPath(page, '/login/2fa');
    expect(new URL(page.url()).searchParams.get('tempToken')).toMatch(/\S+/);
    await page.getByRole('heading', { name: 'Verify Your Identity' }).waitFor();
  }

  it('registers the first account, which becomes ADMIN, and asks it to accept the terms', async () => {
    await registerThroughUi(page, account);

    // The terms come first: a modal without a close button that Escape does not dismiss.
    const terms = termsDialog(page);
    await terms.waitFor();
    await expect.poll(() => terms.textContent()).toContain(TERMS_TEXT);
    const buttons = await terms.getByRole('button').allTextContents();
    expect(buttons.map((text) => text.trim()).sort()).toEqual(['I accept', 'I do not accept']);
    expect(await terms.getByRole('button', { name: /close/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await terms.isVisible()).toBe(true);

    await page.waitForLoadState('networkidle');
    const token = await accessTokenFromPage(page);
    expect(await apiFromPage(page, '/api/user/terms', token)).toEqual({ status: 200, body: { termsAccepted: false } });
    const me = await apiFromPage(page, '/api/user', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: account.email,
      name: account.name,
      role: 'ADMIN',
      provider: 'local',
      twoFactorEnabled: false,
    });
  });

  it('accepts the terms: the modal goes and the server remembers', async () => {
    const accepted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user/terms/accept');
    await termsDialog(page).getByRole('button', { name: 'I accept', exact: true }).click();
    expect((await accepted).status()).toBe(200);
    await termsDialog(page).waitFor({ state: 'detached' });

    await page.waitForLoadState('networkidle');
    const token = await accessTokenFromPage(page);
    expect(await apiFromPage(page, '/api/user/terms', token)).toEqual({ status: 200, body: { termsAccepted: true } });

    // It stays accepted across a reload (the modal does not come back).
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await termsDialog(page).count()).toBe(0);
  });

  it('logs out through the account menu, refuses a wrong password, and logs back in', async () => {
    await logOutThroughMenu(page);
    expect(pathOf(page)).toBe('/login');
    expect(await hasSessionInPage(page)).toBe(false);

    await submitLogin(page, account.email, 'not the password');
    await page
      .getByRole('alert')
      .getByText('Unable to sign in with the information provided.', { exact: false })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await submitLogin(page, account.email, account.password);
    await waitForPath(page, '/c/new');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await termsDialog(page).count()).toBe(0);
  });

  it(
    'turns on two-factor: secret from the dialog, a computed code, backup codes downloaded',
    async () => {
      await openAccountSettings(page);
      await page.getByRole('button', { name: 'Enable 2FA' }).click();
      const setup = page.getByRole('dialog', { name: 'Setup 2FA' });
      await setup.getByRole('button', { name: 'Generate QR Code' }).click();
      const qr = await setup.getByTestId('two-factor-qr').boundingBox();
      expect(qr && Math.round(qr.width)).toBe(240);
      secret = (await setup.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      await setup.getByRole('button', { name: 'Continue' }).click();

      const { code, step } = await totpAfter(secret, usedStep);
      await setup.getByLabel('Enter the 6-digit code from your authenticator app').fill(code);
      await setup.getByRole('button', { name: 'Verify' }).click();
      await setup.getByTestId('backup-codes').waitFor();
      usedStep = step;

      const saved = await captureDownload(page, () =>
        setup.getByRole('button', { name: 'Download Backup Codes' }).click(),
      );
      expect(saved.name).toBe('backup-codes.txt');
      backupCodes = saved.text
        .trim()
        .split(/\r?\n/)
        .map((line) => line.trim());
      expect(backupCodes).toHaveLength(10);
      for (const backupCode of backupCodes) expect(backupCode).toMatch(/^[0-9a-z]{8}$/i);

      await setup.getByRole('button', { name: 'Complete Setup' }).click();
      await page.getByText('2FA has been enabled').waitFor();
      await setup.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Disable 2FA' }).waitFor();

      await page.waitForLoadState('networkidle');
      const token = await accessTokenFromPage(page);
      expect((await apiFromPage(page, '/api/user', token)).body).toMatchObject({ twoFactorEnabled: true });
      await page.keyboard.press('Escape');
    },
    TOTP_STEP_TIMEOUT,
  );

  it(
    'logs in through /login/2fa with a fresh TOTP code',
    async () => {
      await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'detached' });
      await logOutThroughMenu(page);
      await startTwoFactorLogin();

      // No social buttons on the 2FA step; the code field is focused and only takes digits.
      const field = twoFactorField(page, 'Authentication code');
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
      await field.fill('12ab34');
      expect(await field.inputValue()).toBe('1234');
      expect(await page.getByRole('button', { name: 'Verify' }).isDisabled()).toBe(true);

      // The setup's verify used this step's code: the server refuses a replay, so wait for the next step.
      const { code, step } = await totpAfter(secret, usedStep);
      await field.fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await waitForPath(page, '/c/new');
      usedStep = step;
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
    },
    TOTP_STEP_TIMEOUT,
  );

  it('logs in with a backup code', async () => {
    await logOutThroughMenu(page);
    await startTwoFactorLogin();
    await page.getByRole('button', { name: 'Use Backup Code Instead' }).click();
    await twoFactorField(page, 'Backup code').fill(backupCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/c/new');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('refuses the same backup code on the next login, then takes another one', async () => {
    await logOutThroughMenu(page);
    await startTwoFactorLogin();
    await page.getByRole('button', { name: 'Use Backup Code Instead' }).click();
    const field = twoFactorField(page, 'Backup code');
    await field.fill(backupCodes[0] ?? '');
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/2fa/verify-temp');
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await refused).status()).toBe(401);
    await page.getByRole('alert').getByText('Invalid 2FA code or backup code').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/2fa');
    expect(await hasSessionInPage(page)).toBe(false);

    await field.fill(backupCodes[1] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/c/new');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it(
    'turns two-factor off from the settings with a current code',
    async () => {
      await openAccountSettings(page);
      await page.getByRole('button', { name: 'Disable 2FA' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable 2FA' });
      const { code, step } = await totpAfter(secret, usedStep);
      await dialog.getByLabel('Authentication code').fill(code);
      await dialog.getByRole('button', { name: 'Disable 2FA' }).click();
      await page.getByText('2FA has been disabled').waitFor();
      usedStep = step;
      await page.getByRole('button', { name: 'Enable 2FA' }).waitFor();

      await page.waitForLoadState('networkidle');
      const token = await accessTokenFromPage(page);
      expect((await apiFromPage(page, '/api/user', token)).body).toMatchObject({ twoFactorEnabled: false });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'detached' });
    },
    TOTP_STEP_TIMEOUT,
  );

  it('logs out and in without a code step', async () => {
    await logOutThroughMenu(page);
    await recordHistory(page);
    await submitLogin(page, account.email, account.password);
    await waitForPath(page, '/c/new');
    const visited = await recordedPaths(page);
    expect(visited).toContain('/c/new');
    expect(visited.filter((path) => path.startsWith('/login/2fa'))).toEqual([]);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('deletes the account after the email is typed; the old password no longer signs in', async () => {
    await openAccountSettings(page);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('button', { name: 'Permanently delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    const field = page.getByLabel('Type your account email to confirm');
    await field.fill('someone.else@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill(account.email);
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await waitForPath(page, '/login');
    await loginForm(page).waitFor();
    expect(await hasSessionInPage(page)).toBe(false);

    await submitLogin(page, account.email, account.password);
    await page
      .getByRole('alert')
      .getByText('Unable to sign in with the information provided.', { exact: false })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const direct = await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(direct.status()).not.toBe(200);
  });
});

describe('declining the terms', () => {
  it('signs the new account out to /login?redirect=false', async () => {
    const context = await newContext(browser, app.url);
    try {
      const page = await context.newPage();
      const account = {
        name: 'Journey Decliner',
        email: `decline${Date.now()}@example.com`,
        password: 'another good password',
      };
      await registerThroughUi(page, account);
      const terms = termsDialog(page);
      await terms.waitFor();

      await recordHistory(page);
      await terms.getByRole('button', { name: 'I do not accept' }).click();
      await waitForPath(page, '/login');
      await loginForm(page).waitFor();
      expect(await recordedPaths(page)).toContain('/login?redirect=false');
      // The login page remembers the opt-out (no OpenID auto-redirect) and drops the parameter.
      await expect.poll(() => pathOf(page)).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('disableOpenIdAutoRedirect'))).toBe('true');
      expect(await hasSessionInPage(page)).toBe(false);

      // The terms are still not accepted: signing in again asks again.
      await submitLogin(page, account.email, account.password);
      await waitForPath(page, '/c/new');
      await termsDialog(page).waitFor();
      await page.waitForLoadState('networkidle');
      const token = await accessTokenFromPage(page);
      expect(await apiFromPage(page, '/api/user/terms', token)).toEqual({
        status: 200,
        body: { termsAccepted: false },
      });
    } finally {
      await context.close();
    }
  });
});
