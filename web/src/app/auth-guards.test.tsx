import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_REDIRECT_DELAY_MS } from '@/features/auth/components/require-auth';
import { request } from '@/lib/api/request';
import { getAccessToken } from '@/lib/api/token-store';
import { mockAuthApi, noSessionResponse, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('auth guards', () => {
  it(`shows nothing on an app page without a session, then goes to /login after 300 ms`, async () => {
    let answeredAt = 0;
    mockAuthApi({
      routes: {
        'POST /api/auth/refresh': () => {
          answeredAt = performance.now();
          return noSessionResponse();
        },
      },
    });
    const { router } = renderApp('/c/new');
    // When the router starts leaving /c/new (before the lazy /login code has even loaded).
    let leftAt = 0;
    router.subscribe((state) => {
      if (!leftAt && (state.navigation.state !== 'idle' || state.location.pathname !== '/c/new'))
        leftAt = performance.now();
    });
    await waitFor(() => expect(answeredAt).toBeGreaterThan(0), PAGE_LOAD);
    await sleep(150);
    expect(leftAt).toBe(0);
    // The page renders nothing meanwhile (only the app-wide live regions exist).
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText('New chat')).not.toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(leftAt - answeredAt).toBeGreaterThanOrEqual(295);
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('remembers the deep link it came from', async () => {
    mockAuthApi();
    const { router } = renderApp('/search?q=hello');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fsearch%3Fq%3Dhello'), PAGE_LOAD);
  });

  it('restores the session from the refresh cookie on load and renders the app page', async () => {
    const api = mockAuthApi({ session: testSession({ token: 'restored' }) });
    const { router } = renderApp('/c/new');
    // The header's New chat link (the sidebar has one too).
    expect(
      await within(await screen.findByRole('banner', {}, PAGE_LOAD)).findByRole('link', { name: 'New chat' }),
    ).toBeInTheDocument();
    expect(getAccessToken()).toBe('restored');
    expect(router.state.location.pathname).toBe('/c/new');
    expect(api.callsTo('/api/auth/refresh')).toHaveLength(1);
    // The refresh already carried the user: no second round trip for it.
    expect(api.callsTo('/api/user')).toHaveLength(0);
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=t&userId=u', '/login/2fa?tempToken=x'])(
    'sends a signed-in visitor from %s to /c/new',
    async (path) => {
      mockAuthApi({ session: testSession() });
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), PAGE_LOAD);
    },
  );

  it('leaves public pages alone without a session', async () => {
    const about = { slug: 'about', lang: 'default', title: 'About', description: '', html: '<h1>About</h1>' };
    mockAuthApi({ routes: { 'GET /api/pages/about': () => jsonResponse(about) } });
    const { router } = renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About' }, PAGE_LOAD)).toBeInTheDocument();
    await sleep(LOGIN_REDIRECT_DELAY_MS + 100);
    expect(router.state.location.pathname).toBe('/about');
  });

  it.each([
    ['/c/new', '/login', { role: 'textbox', name: 'Message input' }],
    ['/share/abc123', '/share/abc123', { role: 'heading', name: 'Shared link not found' }],
  ] as const)('after a refused renewal on %s, ends the session and ends up on %s', async (path, expected, landmark) => {
    let expired = false;
    mockAuthApi({
      session: testSession(),
      routes: {
        'POST /api/auth/refresh': () =>
          expired ? jsonResponse({ message: 'Refresh token expired' }, 401) : jsonResponse(testSession()),
        'GET /api/convos': () => jsonResponse({ message: 'jwt expired' }, 401),
      },
    });
    const { router } = renderApp(path);
    expect(await screen.findByRole(landmark.role, { name: landmark.name }, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(getAccessToken()).toBe('access-1'));

    expired = true;
    await expect(request('/api/convos')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(router.state.location.pathname).toBe(expected), PAGE_LOAD);
    expect(getAccessToken()).toBeNull();
    if (expected === '/login')
      expect(await screen.findByRole('heading', { name: 'Welcome back' }, PAGE_LOAD)).toBeInTheDocument();
  });
});
