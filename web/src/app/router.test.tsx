import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const heading = () => screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
/** The chat screen's header: its New chat link is on every conversation (the sidebar has one too). */
const chatScreen = async () =>
  within(await screen.findByRole('banner', {}, PAGE_LOAD)).findByRole('link', { name: 'New chat' });
const exactly = (title: string) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe('app routes', () => {
  let fetchMock: ReturnType<typeof mockAuthApi>;

  beforeEach(() => {
    document.title = 'LibreChat';
    // Signed in, so the app pages render; the auth pages are covered signed out below.
    fetchMock = mockAuthApi({ session: testSession() });
  });

  it('redirects / to /c/new', async () => {
    const { router } = renderApp('/');
    expect(await chatScreen()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it('redirects an unknown path to /, and from there to /c/new', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await chatScreen()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it.each(['/d/anything', '/d/agents/x', '/d/prompts/1/extra'])('redirects %s to /d/files', async (path) => {
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent('My Files');
    expect(router.state.location.pathname).toBe('/d/files');
  });

  it('renders the chat screen at /c/new, and at /c/{id} says when the conversation is not the user’s', async () => {
    const { router } = renderApp('/c/new');
    expect(await chatScreen()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeInTheDocument();
    await router.navigate('/c/0b8e7c1e-8f6a-4a8e-9b1e-2b7a1c3d4e5f');
    // The API answers 404 for a conversation that is missing or someone else's.
    expect(await screen.findByText(/does not exist, or it is not yours/, {}, PAGE_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/0b8e7c1e-8f6a-4a8e-9b1e-2b7a1c3d4e5f');
  });

  it.each([
    ['/d/prompts', 'Select or Create a Prompt'],
    ['/d/prompts/new', 'Create Prompt'],
    ['/d/prompts/p1', 'This prompt is not shared with you.'],
  ])('renders the prompt library page %s in place for a signed-in user', async (path, text) => {
    const role = { name: 'USER', permissions: { PROMPTS: { USE: true, CREATE: true } } };
    const emptyPage = { promptGroups: [], pageNumber: '1', pageSize: '10', pages: '1' };
    fetchMock = mockAuthApi({
      session: testSession(),
      routes: {
        'GET /api/roles/USER': () => jsonResponse(role),
        'GET /api/prompts/groups?pageNumber=1&pageSize=10': () => jsonResponse(emptyPage),
        'GET /api/categories': () => jsonResponse([]),
      },
    });
    const { router } = renderApp(path);
    expect((await screen.findAllByText(exactly(text), {}, PAGE_LOAD))[0]).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
    expect(screen.getByRole('link', { name: 'Back to the chat' })).toHaveAttribute('href', '/c/new');
  });

  it('renders the file manager at /d/files', async () => {
    renderApp('/d/files');
    expect(await heading()).toHaveTextContent(exactly('My Files'));
    expect(screen.getByRole('searchbox', { name: 'Search files by name' })).toBeInTheDocument();
    expect(screen.queryByText('This page is not available yet.')).not.toBeInTheDocument();
  });

  it.each(['/d/files'])('offers the way back to the chat from the page %s', async (path) => {
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await heading();
    const back = screen.getByRole('link', { name: 'Back to the chat' });
    expect(back).toHaveAttribute('href', '/c/new');
    await user.click(back);
    expect(await chatScreen()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
  });

  it('renders a shared link in place, signed out, saying when it does not exist', async () => {
    mockAuthApi();
    const { router } = renderApp('/share/abc123');
    expect(await heading()).toHaveTextContent(exactly('Shared link not found'));
    expect(router.state.location.pathname).toBe('/share/abc123');
  });

  it.each([
    ['/about', 'About'],
    ['/support-us', 'Support us'],
    ['/help', 'Help & FAQ'],
    ['/changelog', 'Changelog'],
    ['/privacy', 'Privacy policy'],
    ['/terms-of-service', 'Terms of service'],
    ['/feedback', 'Feedback'],
  ])('renders the public page %s in place, signed out, with the operator’s content', async (path, title) => {
    const slug = path.slice(1);
    mockAuthApi({
      routes: {
        [`GET /api/pages/${slug}`]: () =>
          jsonResponse({ slug, lang: 'default', title, description: '', html: `<h1>${title}</h1><p>Page ${slug}</p>` }),
      },
    });
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent(exactly(title));
    expect(screen.getByText(`Page ${slug}`)).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
    expect(screen.queryByText('This page is not available yet.')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Test Chat`));
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/login/2fa?tempToken=abc', 'Verify Your Identity'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password?token=t&userId=u', 'Reset your password'],
    ['/verify?token=t&email=a%40b.c', 'Email verification'],
  ])('renders the auth page %s in place, signed out, in the auth frame', async (path, title) => {
    mockAuthApi();
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent(exactly(title));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
    expect(screen.queryByText('This page is not available yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('fetches /api/config on load and uses appTitle as the page title', async () => {
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Test Chat'));
    expect(fetchMock.callsTo('/api/config')).toHaveLength(1);
    expect(fetchMock.callsTo('/api/config')[0]?.method).toBe('GET');
  });
});
