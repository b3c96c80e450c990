import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers';
import { giveListASize } from '@/features/conversations/testing/render-sidebar';
import { searchHit, searchPage } from '@/features/search/testing/fixtures';
import { listItem, page } from '@/shared/conversation/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { SearchRoute } from './search';

/** Desktop: the sidebar starts open beside the results. */
function desktop() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      matches: false,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function renderRoute(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchRoute /> },
      { path: '/c/:conversationId', element: <p>new chat page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router };
}

describe('SearchRoute', () => {
  beforeEach(() => {
    desktop();
    giveListASize();
    mockFetch((call) => {
      if (call.url === '/api/search/enable') return jsonResponse(true);
      if (call.url.startsWith('/api/messages?')) return jsonResponse(searchPage([searchHit('1')]));
      if (call.url.startsWith('/api/convos?')) return jsonResponse(page([listItem('a', 1, 'Alpha')]));
      return jsonResponse({ message: 'unexpected' }, 404);
    });
  });

  it('shows the results for ?q= beside the sidebar, whose box holds the query', async () => {
    renderRoute('/search?q=zebras');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('heading', { name: 'Conversation 1' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Chat history' });
    expect(await within(sidebar).findByRole('textbox', { name: 'Search messages' })).toHaveValue('zebras');
    expect(screen.getByRole('button', { name: 'Close sidebar' })).toBeInTheDocument();
  });

  it('offers its own search field while the sidebar is closed (a phone), and none beside an open sidebar', async () => {
    renderRoute('/search?q=zebras');
    const main = await screen.findByRole('main');
    expect(within(main).queryByRole('textbox', { name: 'Search messages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(await within(main).findByRole('textbox', { name: 'Search messages' })).toHaveValue('zebras');
    expect(screen.queryByRole('navigation', { name: 'Chat history' })).toBeNull();
  });

  it('goes to a new chat when there is no query', async () => {
    const { router } = renderRoute('/search?q=%20');
    expect(await screen.findByText('new chat page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
  });
});
