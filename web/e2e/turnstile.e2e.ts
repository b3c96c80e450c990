/**
 * Turnstile end to end: an app instance whose librechat.yaml turns the captcha on, with
 * TURNSTILE_VERIFY_URL at a loopback siteverify stand-in and Cloudflare's script replaced by a
 * fake widget at its real address (turnstile-stand-ins.ts). Registration and login go through
 * the widget in Chromium; the stand-in sees what the Worker sends it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logOutThroughMenu, submitLogin, waitForPath } from './account-helpers';
import { launchBrowser, newContext } from './browser';
import { startIsolatedApp, type IsolatedApp } from './isolated-app';
import {
  FAKE_WIDGET_BUTTON,
  STAND_IN_SECRET,
  routeTurnstileScript,
  startSiteverifyStandIn,
  type SiteverifyStandIn,
} from './turnstile-stand-ins';

const SITE_KEY = '1x00000000000000000000AA';
const PASSWORD = 'a long enough password';

let siteverify: SiteverifyStandIn;
let app: IsolatedApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  siteverify = await startSiteverifyStandIn();
  [app, browser] = await Promise.all([
    startIsolatedApp({
      name: 'turnstile',
      env: { TURNSTILE_SECRET_KEY: STAND_IN_SECRET, TURNSTILE_VERIFY_URL: siteverify.url },
      config: { turnstile: { siteKey: SITE_KEY, options: { language: 'auto', size: 'compact' } } },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await siteverify?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function freshPage(): Promise<{ page: Page; scriptLoads: () => number }> {
  const context = await newContext(browser, app.url);
  contexts.push(context);
  const { loads } = await routeTurnstileScript(context);
  return { page: await context.newPage(), scriptLoads: loads };
}

const widgetButton = (page: Page) => page.getByRole('button', { name: FAKE_WIDGET_BUTTON });
const registrationForm = (page: Page) => page.getByRole('form', { name: 'Create an account' });

async function fillRegistration(page: Page, email: string): Promise<void> {
  const form = registrationForm(page);
  await form.getByLabel('Full name').fill('Turnstile Person');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
}

/** What the page asked the widget for: site key, theme, size, language. */
const renders = (page: Page) =>
  page.evaluate(() => (window as unknown as { __turnstileRenders: Record<string, unknown>[] }).__turnstileRenders);

describe('Turnstile on registration and login', () => {
  it('registers only once the widget is solved, and the Worker checks the token with siteverify', async () => {
    const { page, scriptLoads } = await freshPage();
    const documentResponse = await page.goto('/register');
    const csp = documentResponse?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src https:\/\/challenges\.cloudflare\.com/);

    const email = `captcha-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await fillRegistration(page, email);
    await widgetButton(page).waitFor();
    expect(scriptLoads()).toBe(1);
    const painted = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
    expect(await renders(page)).toEqual([{ sitekey: SITE_KEY, theme: painted, size: 'compact', language: 'auto' }]);

    const submit = registrationForm(page).getByRole('button', { name: 'Continue' });
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    // Pressed anyway (force skips Playwright's wait for an enabled button): nothing is sent.
    await submit.click({ force: true });
    expect(siteverify.calls).toHaveLength(0);

    await widgetButton(page).click();
    await expect.poll(() => submit.getAttribute('aria-disabled')).toBeNull();
    await submit.click();
    await page.getByText('Registration successful.').waitFor();
    await waitForPath(page, '/c/new');

    expect(siteverify.calls).toHaveLength(1);
    expect(siteverify.calls[0]).toMatchObject({
      secret: STAND_IN_SECRET,
      response: expect.stringMatching(/^e2e-turnstile-token-/),
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
    });

    // Signing in again needs a new token too.
    await logOutThroughMenu(page);
    await page.getByRole('form', { name: 'Sign in with email' }).waitFor();
    await widgetButton(page).click();
    await submitLogin(page, email, PASSWORD);
    await waitForPath(page, '/c/new');
    expect(siteverify.calls).toHaveLength(2);
  });

  it('shows the refusal when siteverify turns a token down, and takes a fresh one after the reset', async () => {
    const { page } = await freshPage();
    await page.goto('/register');
    await fillRegistration(page, `replay-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await widgetButton(page).click();

    // Tokens are single-use: spend the page's token elsewhere first, so the page's submit finds it used.
    const spent = await page.evaluate(async () => {
      const token = (window as unknown as { __lastTurnstileToken: string }).__lastTurnstileToken;
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password', turnstileToken: token }),
      });
      return res.status;
    });
    // The captcha passed (the token was good), the credentials did not.
    expect(spent).toBe(401);

    const submit = registrationForm(page).getByRole('button', { name: 'Continue' });
    await submit.click();
    await registrationForm(page)
      .getByRole('alert')
      .filter({ hasText: 'The captcha expired or was already used. Please complete it again.' })
      .waitFor();
    // Reset: the widget wants solving again and the button waits for it.
    await expect.poll(() => widgetButton(page).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => submit.getAttribute('aria-disabled')).toBe('true');

    await widgetButton(page).click();
    await submit.click();
    await page.getByText('Registration successful.').waitFor();
  });
});
