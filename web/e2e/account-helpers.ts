/**
 * What the account specs do again and again through the UI (sign in, sign out, open the
 * account settings), plus TOTP codes that respect the server's replay rule and calls to the
 * API from the page's own context (its cookies, its origin).
 */
import { readFile } from 'node:fs/promises';
import { NobleCryptoPlugin, ScureBase32Plugin, generate } from 'otplib';
import type { Page } from 'playwright-core';

/** RFC 6238 defaults, as the worker uses them (worker/services/two-factor/totp.ts). */
export const TOTP_PERIOD_SECONDS = 30;

const totpCrypto = new NobleCryptoPlugin();
const totpBase32 = new ScureBase32Plugin();

export const totpStepAt = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

export interface TotpCode {
  code: string;
  /** The 30-second step the code belongs to: the server accepts a later step only, after this one. */
  step: number;
}

/**
 * A current TOTP code from a step after `usedStep` (the last step the server accepted for this
 * user). The server refuses a replayed step by design, so this waits for the next one when the
 * current step was already used (at most one period).
 */
export async function totpAfter(secret: string, usedStep: number | null = null): Promise<TotpCode> {
  if (usedStep !== null) {
    const waitMs = (usedStep + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 250));
  }
  const step = totpStepAt(Date.now());
  const code = await generate({ secret, crypto: totpCrypto, base32: totpBase32, epoch: step * TOTP_PERIOD_SECONDS });
  return { code, step };
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * An access token for API checks, the way the SPA gets one on load: POST /api/auth/refresh
 * from the page with its cookie. The refresh token rotates, so call it only when the page is
 * not refreshing at the same moment (after it settled).
 */
export async function accessTokenFromPage(page: Page): Promise<string> {
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
  });
  const body = answer.body;
  const token =
    typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string' ? body.token : '';
  if (answer.status !== 200 || token === '') throw new Error(`POST /api/auth/refresh answered ${answer.status}`);
  return token;
}

/**
 * Whether the browser still holds a session: POST /api/auth/refresh from the page gives a token
 * only then. (Without a cookie the server answers 200 with a text, as LibreChat does.)
 */
export function hasSessionInPage(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const body = (await res.json().catch(() => null)) as unknown;
    return (
      res.status === 200 &&
      typeof body === 'object' &&
      body !== null &&
      'token' in body &&
      typeof body.token === 'string'
    );
  });
}

/** A call to the API from the page with a bearer token; JSON bodies are parsed. */
export function apiFromPage(
  page: Page,
  path: string,
  token: string,
  method = 'GET',
  body?: unknown,
): Promise<ApiAnswer> {
  return page.evaluate(
    async ([url, bearer, verb, json]) => {
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
      if (json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(url, {
        method: verb,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        // Not JSON: keep the text.
      }
      return { status: res.status, body: parsed };
    },
    [path, token, method, body] as const,
  );
}

/** A path the page shows now, with its query (e.g. "/login?redirect=false"). */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Records every path + query the page's history shows from now on, client-side pushes and
 * replaces included (however quickly they follow each other). Read it with `recordedPaths`.
 */
export async function recordHistory(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [location.pathname + location.search];
    (window as unknown as { __e2eHistory: string[] }).__e2eHistory = seen;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        seen.push(location.pathname + location.search);
      };
    }
  });
}

export function recordedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2eHistory?: string[] }).__e2eHistory ?? []);
}

/** Waits for a path (query ignored). */
export function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  return page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Fills and submits the login form on /login (the page must be showing it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in with email' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Continue' }).click();
}

/** Signs out through the account menu and waits for /login. */
export async function logOutThroughMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await waitForPath(page, '/login');
  await page.getByRole('form', { name: 'Sign in with email' }).waitFor();
}

/** Opens the account menu: in the header, or on a phone at the top of the sidebar (opened first). */
export async function openAccountMenu(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Account menu' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await button.click();
}

/** Settings → Account, from the chat page's account menu. */
export async function openAccountSettings(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
}

/** Runs `trigger`, captures the download it starts and returns its name and text. */
export async function captureDownload(
  page: Page,
  trigger: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}
