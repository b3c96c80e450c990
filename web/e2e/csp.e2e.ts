/**
 * The Content Security Policy against the real app in Chromium: every page and the features
 * most likely to trip it (markdown with KaTeX and highlighted code, the settings dialog, the
 * avatar crop, the export to PNG, the share dialog's QR code, the share page and its take-over
 * by the SPA, the OpenID sign-in) run with zero `securitypolicyviolation` events. Framing by
 * another origin: csp-framing.e2e.ts.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { axeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import { setMockOptions } from './mock';
import './provided';

const appUrl = inject('appUrl');
const issuer = inject('oidcIssuer');
const UI_TIMEOUT = 20_000;
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');

const password = 'csp e2e password';
const email = `csp-${Date.now()}@example.com`;

const RICH_REPLY = [
  '## Area under a parabola',
  '',
  'The integral, with *inline* math $e^{i\\pi} + 1 = 0$ for good measure:',
  '',
  '$$',
  '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
  '$$',
  '',
  '```ts',
  'export const area = (n: number): number => 1 / (n + 1);',
  '```',
].join('\n');

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser, appUrl);
  const registered = await context.request.post('/api/auth/register', {
    data: { name: 'Policy Tester', email, password, confirm_password: password },
  });
  expect(registered.status()).toBeLessThan(300);
  await context.close();
});
afterAll(async () => {
  await setMockOptions({ text: null });
  await browser?.close();
});

/**
 * A browser profile that records every CSP violation of its pages: a listener installed before
 * any of the page's own scripts run, reporting through a binding that survives navigations,
 * and Chromium's console messages about the headers as a second witness.
 */
async function watchedContext(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await newContext(browser, appUrl, options);
  const violations: Violation[] = [];
  await context.exposeBinding('__cspViolation', (_source, violation: Violation) => void violations.push(violation));
  await context.addInitScript(() => {
    const report = (window as unknown as { __cspViolation: (v: Violation) => void }).__cspViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        void report({
          page: location.pathname,
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
          sample: event.sample,
        }),
      true,
    );
  });
  const consoleErrors: string[] = [];
  context.on('console', (message) => {
    // The policy's refusals, and any header feature Chromium does not recognise.
    if (/Content Security Policy|Permissions-Policy|Unrecognized feature/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  return { context, violations, consoleErrors };
}

async function signIn(context: BrowserContext): Promise<Page> {
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  return page;
}

function expectNone(watch: { violations: Violation[]; consoleErrors: string[] }) {
  expect(watch.violations).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
}

describe('the Content Security Policy', { timeout: 120_000 }, () => {
  it('the login and register pages load with the headers and no violation', async () => {
    const watch = await watchedContext();
    try {
      const page = await watch.context.newPage();
      const response = await page.goto('/login');
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response?.headers()['x-content-type-options']).toBe('nosniff');
      await page.getByRole('textbox', { name: /email/i }).waitFor({ timeout: UI_TIMEOUT });
      // The hashed bundles come from the assets layer, with the build's _headers.
      const bundle = await page.locator('script[type="module"]').first().getAttribute('src');
      expect(bundle).toMatch(/^\/assets\//);
      const served = await watch.context.request.get(bundle ?? '');
      expect(served.headers()['x-content-type-options']).toBe('nosniff');
      // So do the two scripts of the head, under hashed names and cached for good like the bundles:
      // a returning visit runs them without a round trip. The early session restore ran.
      const headScripts = await page
        .locator('head script:not([type])')
        .evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src') ?? ''));
      expect(headScripts).toEqual([
        expect.stringMatching(/^\/assets\/theme-init-[\w-]{8}\.js$/),
        expect.stringMatching(/^\/assets\/early-requests-[\w-]{8}\.js$/),
      ]);
      for (const script of headScripts) {
        const file = await watch.context.request.get(script);
        expect(file.headers()['content-type']).toContain('javascript');
        expect(file.headers()['cache-control']).toContain('immutable');
      }
      expect(
        await page.evaluate(() => 'conversationId' in ((window as { __earlyRequests?: object }).__earlyRequests ?? {})),
      ).toBe(true);
      await page.goto('/register');
      await page.getByRole('textbox', { name: /name/i }).first().waitFor({ timeout: UI_TIMEOUT });
      // The specs' accessibility checks inject axe into pages that now carry the policy.
      expect(Array.isArray(await axeViolations(page))).toBe(true);
      expectNone(watch);
    } finally {
      await watch.context.close();
    }
  });

  it('a chat with markdown, KaTeX and code, the settings, the avatar crop, the PNG export and the share page', async () => {
    const watch = await watchedContext();
    try {
      const page = await signIn(watch.context);
      await page.goto('/c/new');
      const composer = page.getByRole('textbox', { name: 'Message input' });
      await composer.waitFor({ timeout: UI_TIMEOUT });

      await setMockOptions({ text: RICH_REPLY });
      await composer.fill('Show me an integral');
      await composer.press('Enter');
      await page.locator('.katex-display').waitFor({ timeout: UI_TIMEOUT });
      await page.locator('.katex').nth(1).waitFor();
      await page.locator('pre code .hljs-keyword').first().waitFor({ timeout: UI_TIMEOUT });
      await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: UI_TIMEOUT });
      // The KaTeX output kept its inline sizes (style attributes are allowed).
      expect(await page.locator('.katex-display .vlist').first().getAttribute('style')).toMatch(/height/);
      const conversationPath = new URL(page.url()).pathname;
      expect(conversationPath).toMatch(/^\/c\/[0-9a-f-]{36}$/);

      // A reload: the page served for /c/{id} itself.
      const reloaded = await page.reload();
      expect(reloaded?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.locator('.katex-display').waitFor({ timeout: UI_TIMEOUT });

      // Settings: each tab, then the avatar crop in Account.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      for (const tab of ['General', 'Chat', /Data/, 'Account']) await settings.getByRole('tab', { name: tab }).click();
      await settings.getByRole('button', { name: 'Change picture' }).click();
      const png = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 300;
        canvas.height = 200;
        const drawing = canvas.getContext('2d');
        if (drawing) {
          drawing.fillStyle = '#0ea5e9';
          drawing.fillRect(0, 0, 300, 200);
        }
        return canvas.toDataURL('image/png').split(',')[1] ?? '';
      });
      await page
        .getByLabel('File input for avatar')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
      await page.getByRole('group', { name: 'Picture crop area' }).waitFor();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('Successfully uploaded file').waitFor({ timeout: UI_TIMEOUT });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      // Export as a PNG screenshot.
      await page.getByRole('button', { name: 'Export/Share' }).click();
      await page.getByRole('menuitem', { name: 'Export' }).click();
      const exportDialog = page.getByRole('dialog', { name: 'Export conversation' });
      await exportDialog.getByRole('combobox', { name: 'Type' }).selectOption('screenshot');
      const downloaded = page.waitForEvent('download');
      await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/\.png$/);
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await download.saveAs(path.join(SCREENSHOT_DIR, 'csp-export.png'));
      await exportDialog.waitFor({ state: 'detached' });

      // Share: create the link and show its QR code.
      await page.getByRole('button', { name: 'Export/Share' }).click();
      await page.getByRole('menuitem', { name: 'Share' }).click();
      const shareDialog = page.getByRole('dialog', { name: 'Share link to chat' });
      await shareDialog.getByRole('button', { name: 'Create link' }).click();
      const linkField = shareDialog.getByRole('textbox', { name: 'Shared link' });
      await linkField.waitFor({ timeout: UI_TIMEOUT });
      await shareDialog.getByRole('img', { name: 'QR code of the shared link' }).waitFor();
      const shareUrl = await linkField.inputValue();
      await page.keyboard.press('Escape');

      // The share page, taken over by the SPA, for the owner and for a visitor.
      const response = await page.goto(shareUrl);
      expect(response?.headers()['content-security-policy']).toContain("form-action 'none'");
      await page.locator('.katex-display').waitFor({ timeout: UI_TIMEOUT });
      expect(await page.locator('#share-ssr').count()).toBe(0);
      const visitor = await watchedContext();
      try {
        const view = await visitor.context.newPage();
        await view.goto(shareUrl);
        await view.locator('.katex-display').waitFor({ timeout: UI_TIMEOUT });
        expect(await view.locator('#share-ssr').count()).toBe(0);
        // Without scripts the server's rendering stays, styled by its hashed <style>.
        const noScript = await watchedContext({ javaScriptEnabled: false });
        try {
          const plain = await noScript.context.newPage();
          await plain.goto(shareUrl);
          const bar = plain.locator('header.share-bar');
          expect(await bar.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
          expectNone(noScript);
        } finally {
          await noScript.context.close();
        }
        expectNone(visitor);
      } finally {
        await visitor.context.close();
      }

      await page.goto(conversationPath);
      await page.locator('.katex-display').waitFor({ timeout: UI_TIMEOUT });
      expectNone(watch);
    } finally {
      await setMockOptions({ text: null });
      await watch.context.close();
    }
  });

  it('the OpenID sign-in goes to the provider and back without a violation', async () => {
    const id = crypto.randomUUID().slice(0, 8);
    const user = { sub: `csp-${id}`, email: `csp-social-${id}@example.com`, email_verified: true, name: `Csp ${id}` };
    expect((await fetch(`${issuer}/__mock/user`, { method: 'POST', body: JSON.stringify(user) })).status).toBe(200);
    const watch = await watchedContext();
    try {
      const page = await watch.context.newPage();
      await page.goto('/login');
      await page.locator('a[data-provider="openid"]').click();
      await page.waitForURL((url) => url.pathname === '/c/new', { timeout: UI_TIMEOUT });
      await page.getByRole('textbox', { name: 'Message input' }).waitFor({ timeout: UI_TIMEOUT });
      expectNone(watch);
      // Leave no account behind (specs that expect the first registration to be ADMIN).
      const deleted = await page.evaluate(async () => {
        const refreshed = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
        const { token } = (await refreshed.json()) as { token: string };
        return (await fetch('/api/user/delete', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }))
          .status;
      });
      expect(deleted).toBe(200);
    } finally {
      await watch.context.close();
    }
  });
});
