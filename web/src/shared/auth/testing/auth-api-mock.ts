import type { AuthSuccess, PublicUser } from '@contract/auth';
import type { StartupConfig } from '@contract/config';
import { setAccessToken } from '@/lib/api/token-store';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { startupConfigFixture } from '@/testing/startup-config';

type Route = (call: FetchCall) => Response | Promise<Response>;

export const testUser = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  avatar: null,
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  termsAccepted: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const testSession = (overrides: Partial<AuthSuccess> = {}): AuthSuccess => ({
  token: 'access-1',
  user: testUser(),
  ...overrides,
});

/** The refresh answer without a cookie: 200, plain text, no session. */
export const noSessionResponse = () => new Response('', { status: 200, headers: { 'Content-Type': 'text/plain' } });

type Options = {
  /** The session the refresh cookie restores; null (default) is a visitor with no cookie. */
  session?: AuthSuccess | null;
  config?: Partial<StartupConfig>;
  /** Handlers by `"METHOD /path"`, checked before the defaults. */
  routes?: Record<string, Route>;
};

/**
 * Mocks the API the auth pages talk to: the startup config, the silent refresh, no banner,
 * terms accepted; `routes` override any of them. Starts with no token in memory.
 */
export function mockAuthApi({ session = null, config = {}, routes = {} }: Options = {}) {
  setAccessToken(null);
  mockSystemTheme({ prefersLight: true });
  const mock = mockFetch((call) => {
    const route = routes[`${call.method} ${call.url}`];
    if (route) return route(call);
    switch (call.url) {
      case '/api/config':
        return jsonResponse({ ...startupConfigFixture, ...config });
      case '/api/auth/refresh':
        return session ? jsonResponse(session) : noSessionResponse();
      case '/api/banner':
        return jsonResponse(null);
      case '/api/user':
        return session ? jsonResponse(session.user) : jsonResponse({ message: 'Unauthorized' }, 401);
      case '/api/user/terms':
        return jsonResponse({ termsAccepted: true });
      default:
        return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
    }
  });
  /** The JSON bodies sent to `"METHOD /path"`. */
  const sent = (key: string): unknown[] =>
    mock.calls
      .filter((call) => `${call.method} ${call.url}` === key)
      .map((call): unknown => (call.body ? JSON.parse(call.body) : undefined));
  return { ...mock, sent };
}

export const ok =
  (body: unknown = { message: 'ok' }) =>
  () =>
    jsonResponse(body);
export const fail =
  (status: number, message = 'Failed', code?: string) =>
  () =>
    jsonResponse({ message, code }, status);

/**
 * For the first query of a test: a lazy route's first import (transform included) can take
 * seconds, more on a busy machine (the chat route imports the most).
 */
export const PAGE_LOAD = { timeout: 10_000 } as const;
