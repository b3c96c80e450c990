/**
 * The account most specs work as: registered once per spec file through the API, then signed in
 * afresh in each test's own browser profile, so the refresh cookie the app starts from is there.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser';

export interface SpecAccount {
  name: string;
  email: string;
  password: string;
}

/** Registers `account` from a throwaway profile; fails the spec unless the server created it. */
export async function registerAccount(browser: Browser, appUrl: string, account: SpecAccount): Promise<void> {
  const first = await newContext(browser, appUrl);
  try {
    const { name, email, password } = account;
    const reg = await first.request.post('/api/auth/register', {
      data: { name, email, password, confirm_password: password },
    });
    expect(reg.status()).toBeLessThan(300);
  } finally {
    await first.close();
  }
}

/** A new browser profile signed in as `account` (its refresh cookie set by the login answer). */
export async function signedInContext(
  browser: Browser,
  appUrl: string,
  account: SpecAccount,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, appUrl, options);
  const { email, password } = account;
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return context;
}
