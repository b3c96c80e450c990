import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { renderApp } from '@/testing/render-app';
import { startupConfigFixture } from '@/testing/startup-config';

const heading = () => screen.findByRole('heading', { level: 1 });

describe('app routes', () => {
  let fetchMock: ReturnType<typeof mockFetch>;

  beforeEach(() => {
    document.title = 'LibreChat';
    mockSystemTheme({ prefersLight: false });
    fetchMock = mockFetch((call) =>
      call.url === '/api/config' ? jsonResponse(startupConfigFixture) : jsonResponse({ message: 'Not found', code: 'not_found' }, 404),
    );
  });

  it('redirects / to /c/new', async () => {
    const { router } = renderApp('/');
    expect(await heading()).toHaveTextContent('New chat');
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it('redirects an unknown path to /, and from there to /c/new', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await heading()).toHaveTextContent('New chat');
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it.each(['/d/anything', '/d/agents/x', '/d/prompts/1/extra'])('redirects %s to /d/files', async (path) => {
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent('My Files');
    expect(router.state.location.pathname).toBe('/d/files');
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/login/2fa?tempToken=abc', 'Verify Your Identity'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password?token=t&userId=u', 'Reset your password'],
    ['/verify?token=t&email=a%40b.c', 'Email verification'],
    ['/c/new', 'New chat'],
    ['/c/0b8e7c1e-8f6a-4a8e-9b1e-2b7a1c3d4e5f', 'Chat'],
    ['/search', 'Search'],
    ['/share/abc123', 'Shared conversation'],
    ['/about', 'About'],
    ['/support-us', 'Support us'],
    ['/help', 'Help & FAQ'],
    ['/changelog', 'Changelog'],
    ['/privacy', 'Privacy policy'],
    ['/terms-of-service', 'Terms of service'],
    ['/feedback', 'Feedback'],
    ['/d/prompts', 'Prompts'],
    ['/d/prompts/new', 'Create Prompt'],
    ['/d/prompts/p1', 'Prompt'],
    ['/d/files', 'My Files'],
  ])('renders %s in place with its own title', async (path, title) => {
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
    // Unbuilt pages say so and offer no controls besides the theme toggle.
    expect(screen.getByText('This page is not available yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('fetches /api/config on load and uses appTitle as the page title', async () => {
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Test Chat'));
    expect(fetchMock.callsTo('/api/config')).toHaveLength(1);
    expect(fetchMock.callsTo('/api/config')[0]?.method).toBe('GET');
  });
});
