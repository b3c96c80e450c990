import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicPageView } from '@contract/public-pages';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const page = (slug: PublicPageView['slug'], text: string): PublicPageView => ({
  slug,
  lang: 'default',
  title: slug,
  description: '',
  html: `<h1>${slug} heading</h1><p>${text}</p>`,
});

/** The document as the Worker serves /about: its rendering beside #root, and the page as JSON. */
function serverRendered(view: PublicPageView) {
  const host = document.createElement('div');
  host.id = 'public-page-ssr';
  host.textContent = 'Server rendering';
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'public-page-data';
  data.textContent = JSON.stringify(view);
  document.body.append(host, data);
}

afterEach(() => {
  document.getElementById('public-page-ssr')?.remove();
  document.getElementById('public-page-data')?.remove();
  vi.unstubAllGlobals();
});

const pagesApi = (...views: PublicPageView[]) =>
  Object.fromEntries(views.map((view) => [`GET /api/pages/${view.slug}`, () => jsonResponse(view)]));

describe('the public page route', () => {
  it('takes over the server’s rendering from the embedded page, without asking the server again', async () => {
    serverRendered(page('about', 'Embedded about text'));
    const api = mockAuthApi();
    renderApp('/about');
    expect(await screen.findByText('Embedded about text', {}, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('public-page-ssr')).toBeNull());
    expect(api.callsTo('/api/pages/about')).toHaveLength(0);
  });

  it('keeps the server’s rendering until the page can be drawn', async () => {
    let answer: (response: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => (answer = resolve));
    mockAuthApi({ routes: { 'GET /api/pages/help': () => held } });
    serverRendered(page('about', 'Another page'));
    renderApp('/help');
    await screen.findByRole('button', { name: 'Menu' }, PAGE_LOAD);
    expect(document.getElementById('public-page-ssr')).not.toBeNull();
    answer(jsonResponse(page('help', 'Help text')));
    expect(await screen.findByText('Help text')).toBeInTheDocument();
    expect(document.getElementById('public-page-ssr')).toBeNull();
  });

  it('moves between the pages within the app', async () => {
    mockAuthApi({ routes: pagesApi(page('about', 'About text'), page('changelog', 'Changes text')) });
    const { router } = renderApp('/about');
    expect(await screen.findByText('About text', {}, PAGE_LOAD)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Site pages' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Changelog' }));
    expect(await screen.findByText('Changes text')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/changelog');
  });

  it('gives a signed-in visitor the sidebar toggle and a New Chat entry', async () => {
    mockAuthApi({ session: testSession(), routes: pagesApi(page('feedback', 'Feedback text')) });
    renderApp('/feedback');
    expect(await screen.findByText('Feedback text', {}, PAGE_LOAD)).toBeInTheDocument();
    const header = screen.getAllByRole('banner').find((element) => within(element).queryByText('Test Chat'));
    if (!header) throw new Error('no public header');
    expect(within(header).getByRole('link', { name: 'New chat' })).toHaveAttribute('href', '/c/new');
    const toggle = within(header).getByRole('button', { name: /sidebar/i });
    const before = toggle.getAttribute('aria-expanded');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).not.toBe(before);
  });

  it('offers none of that to a visitor who is not signed in', async () => {
    mockAuthApi({ routes: pagesApi(page('privacy', 'Privacy text')) });
    renderApp('/privacy');
    expect(await screen.findByText('Privacy text', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sidebar/i })).not.toBeInTheDocument();
  });

  it('leaves a server-rendered page for the rest of the app with a full page load', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serverRendered(page('about', 'About text'));
    mockAuthApi({ routes: pagesApi(page('help', 'Help text')) });
    const { router } = renderApp('/about');
    expect(await screen.findByText('About text', {}, PAGE_LOAD)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Site pages' });
    // Between public pages: in the app.
    await userEvent.click(within(nav).getByRole('link', { name: 'Help & FAQ' }));
    expect(await screen.findByText('Help text')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    // Out of them: the chat gets its own document (and policy).
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Site pages' })).getByRole('link', { name: 'Home' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(router.state.location.pathname).toBe('/help');
  });
});
