/**
 * Signing a browser context in through the API, as the SPA would be: `context.request` shares
 * the context's cookie jar, so the httpOnly refresh cookie the server sets lands there, and the
 * SPA refreshes its access token from it when a page loads.
 */
import type { BrowserContext } from 'playwright-core';

export interface BenchAccount {
  email: string;
  password: string;
}

/** A new account's credentials, unique per call. */
export function newBenchAccount(): BenchAccount {
  const id = crypto.randomUUID();
  return { email: `bench-${id}@example.com`, password: `bench-${id}` };
}

/** POST /api/auth/register from the context; fails unless the account was created and signed in. */
export async function registerInContext(context: BrowserContext, account: BenchAccount): Promise<void> {
  const response = await context.request.post('/api/auth/register', {
    data: { name: 'Bench', email: account.email, password: account.password, confirm_password: account.password },
  });
  expectSignedIn('Registering the bench user', response.status(), await response.text());
  await expectRefreshCookie(context);
}

/** POST /api/auth/login from the context, for an account registered earlier. */
export async function signInInContext(context: BrowserContext, account: BenchAccount): Promise<void> {
  const response = await context.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expectSignedIn('Signing the bench user in', response.status(), await response.text());
  await expectRefreshCookie(context);
}

/**
 * A 200 with an access token means a session (and its cookie) was made. Registration answers
 * 200 without a token when email verification is on; that is a failure here too.
 */
function expectSignedIn(what: string, status: number, body: string): void {
  let token: unknown;
  try {
    token = (JSON.parse(body) as { token?: unknown }).token;
  } catch {
    token = undefined;
  }
  if (status !== 200 || typeof token !== 'string' || token === '') {
    throw new Error(`${what} failed: HTTP ${status} ${body.slice(0, 300)}`);
  }
}

/** The cookie the SPA signs in with on load (worker/services/auth/cookies.ts). */
const REFRESH_COOKIE = 'refreshToken';

async function expectRefreshCookie(context: BrowserContext): Promise<void> {
  const cookies = await context.cookies();
  if (!cookies.some((cookie) => cookie.name === REFRESH_COOKIE)) {
    throw new Error(
      `The server signed the bench user in, but the browser context holds no ${REFRESH_COOKIE} cookie (was it set Secure over http?).`,
    );
  }
}
