/**
 * The devices the screenshot specs look at the app on, and the page a person on one of them sees
 * in a given theme: fresh context, no animations, the theme set before the first paint, and
 * page errors printed so a broken screen says why.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser';
import { setThemeBeforeLoad, type Theme } from './page-quality';

export const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false } as const;
export const PHONE = { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true } as const;
export const DEVICES = [DESKTOP, PHONE] as const;
export type Device = (typeof DEVICES)[number];
export const THEMES: readonly Theme[] = ['light', 'dark'];

/** A context on `device` in `theme`; `signIn` logs it in before the page opens. */
export async function openDevicePage(
  browser: Browser,
  appUrl: string,
  device: Device,
  theme: Theme,
  {
    javaScriptEnabled = true,
    signIn,
  }: { javaScriptEnabled?: boolean; signIn?: { email: string; password: string } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, appUrl, {
    javaScriptEnabled,
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.isMobile,
    deviceScaleFactor: 1,
    colorScheme: theme,
    reducedMotion: 'reduce',
  });
  if (signIn) {
    const login = await context.request.post('/api/auth/login', { data: signIn });
    if (login.status() !== 200) throw new Error(`sign-in for ${device.name} answered ${login.status()}`);
  }
  const page = await context.newPage();
  await setThemeBeforeLoad(page, theme);
  page.on('pageerror', (error) => console.log('pageerror', error.message));
  return { context, page };
}
