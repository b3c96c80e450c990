import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import './provided';

/**
 * Social login end to end: Chromium, the app as `npm start` runs it, and the loopback OpenID
 * provider of the global setup (worker/tools/mock/mock-oidc-server.ts), which checks the
 * app's client secret, redirect URI and PKCE verifier for real.
 */
const appUrl = inject('appUrl');
const issuer = inject('oidcIssuer');

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function freshPage(): Promise<Page> {
  const context = await newContext(browser, appUrl);
  contexts.push(context);
  return context.newPage();
}

/** A new identity at the provider for each test, so tests never share an account. */
async function setProviderUser(): Promise<{ sub: string; email: string }> {
  const id = crypto.randomUUID().slice(0, 8);
  const user = {
    sub: `e2e-${id}`,
    email: `social-${id}@example.com`,
    email_verified: true,
    name: `Social ${id}`,
    preferred_username: `social-${id}`,
  };
  const res = await fetch(`${issuer}/__mock/user`, { method: 'POST', body: JSON.stringify(user) });
  expect(res.status).toBe(200);
  return user;
}

/** Every full URL the main frame shows, redirects included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

interface RefreshResult {
  status: number;
  token?: string;
}

/** What the SPA does on load: POST /api/auth/refresh from the page, with its cookies. */
function refreshFromPage(page: Page): Promise<RefreshResult> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const text = await res.text();
    try {
      const body: unknown = JSON.parse(text);
      const token =
        typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
          ? body.token
          : undefined;
      return token ? { status: res.status, token } : { status: res.status };
    } catch {
      return { status: res.status };
    }
  });
}

function apiFromPage(
  page: Page,
  path: string,
  token: string,
  method = 'GET',
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([url, bearer, verb]) => {
      const res = await fetch(url, { method: verb, headers: { authorization: `Bearer ${bearer}` } });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    [path, token, method] as const,
  );
}

describe('social login through OpenID Connect', () => {
  it('signs in from the login page through the provider and lands on /c/new with a session', async () => {
    const identity = await setProviderUser();
    const page = await freshPage();
    const urls = recordUrls(page);

    await page.goto('/login');
    const button = page.locator('a[data-provider="openid"]');
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe(`${appUrl}/oauth/openid`);
    await button.click();
    await page.waitForURL((url) => url.pathname === '/c/new');

    // The browser really went through the provider, and came back without a token in a URL.
    expect(urls.some((url) => url.startsWith(`${issuer}/authorize?`))).toBe(true);
    expect(urls.some((url) => url.startsWith(`${appUrl}/oauth/openid/callback?`))).toBe(true);
    for (const url of urls.filter((candidate) => candidate.startsWith(appUrl))) {
      expect(new URL(url).searchParams.has('token')).toBe(false);
    }

    const refreshed = await refreshFromPage(page);
    expect(refreshed.status).toBe(200);
    const token = refreshed.token ?? '';
    expect(token).not.toBe('');
    const me = await apiFromPage(page, '/api/user', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      provider: 'openid',
      email: identity.email,
      name: `Social ${identity.sub.slice(4)}`,
    });

    // Leaves no account behind, so specs that expect the first registration to be ADMIN still can.
    expect((await apiFromPage(page, '/api/user/delete', token, 'DELETE')).status).toBe(200);
  });

  it('binds the flow to the browser that started it: its callback URL signs in nobody elsewhere', async () => {
    await setProviderUser();
    // The attacker starts a flow with their own client and stops at the provider's redirect back.
    const started = await fetch(`${appUrl}/oauth/openid`, { redirect: 'manual' });
    const attackerCookie =
      started.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('oauth_openid='))
        ?.split(';')[0] ?? '';
    const approved = await fetch(started.headers.get('location') ?? '', { redirect: 'manual' });
    const callbackUrl = approved.headers.get('location') ?? '';
    expect(callbackUrl).toMatch(new RegExp(`^${appUrl}/oauth/openid/callback\\?.*code=`));

    // Planted on a victim's browser, it is refused: no session, and back to the login page.
    const victim = await freshPage();
    await victim.goto(callbackUrl);
    await victim.waitForURL((url) => url.pathname === '/login');
    expect(new URL(victim.url()).searchParams.get('error')).toBe('oauth_state_mismatch');
    expect((await refreshFromPage(victim)).token).toBeUndefined();

    // The client that started it can still finish: the refusal was about the browser, not the code.
    const finished = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: attackerCookie } });
    expect(finished.headers.get('location')).toBe(`${appUrl}/c/new`);
    const refreshCookie =
      finished.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('refreshToken='))
        ?.split(';')[0] ?? '';
    const refreshed = await fetch(`${appUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie: refreshCookie } });
    const { token } = (await refreshed.json()) as { token: string };
    const deleted = await fetch(`${appUrl}/api/user/delete`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
  });
});
