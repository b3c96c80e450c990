import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_MARK_END as E, SEARCH_MARK_START as S } from '@contract/search-marks';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryKey } from '@/shared/auth/api/get-current-user';
import { testUser } from '@/shared/auth/testing/auth-api-mock';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { mockIntersectionObserver } from '@/testing/layout-mock';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-search-text';
import { searchHit, searchPage } from '../testing/fixtures';
import { SearchResults } from './search-results';

type Answer = (call: FetchCall, params: URLSearchParams) => Response;

/** The results for the address's `q`, as the search page gives them. */
function ResultsForAddress() {
  const [params] = useSearchParams();
  return <SearchResults query={params.get('q') ?? ''} />;
}

function renderResults(query: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, testUser({ name: 'Ada Lovelace' }));
  const router = createMemoryRouter(
    [
      { path: '/search', element: <ResultsForAddress /> },
      { path: '/c/:conversationId', element: <p>conversation page</p> },
    ],
    { initialEntries: [`/search?${new URLSearchParams({ q: query }).toString()}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, events: userEvent.setup() };
}

const searching = () => screen.queryByRole('status', { name: 'Searching…' });
const hits = () => within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');

describe('SearchResults', () => {
  let io: ReturnType<typeof mockIntersectionObserver>;
  let answer: Answer;
  let fetched: ReturnType<typeof mockFetch>;
  const searches = () =>
    fetched.calls
      .filter((call) => call.url.startsWith('/api/messages?'))
      .map((call) => new URL(call.url, 'http://x').searchParams);

  beforeEach(() => {
    io = mockIntersectionObserver();
    vi.stubGlobal('IntersectionObserver', io.FakeIntersectionObserver);
    answer = () => jsonResponse(searchPage([]));
    fetched = mockFetch((call) => answer(call, new URL(call.url, 'http://x').searchParams));
  });

  it('shows each hit: title, sender, the snippet with its matches marked, and a link to the conversation', async () => {
    answer = () =>
      jsonResponse(
        searchPage([
          searchHit('1', { snippet: `<img src=x onerror=alert(1)> my ${S}zebras${E} & ${S}zebra${E}s` }),
          searchHit('2', { isCreatedByUser: false, sender: 'Mock', title: '', snippet: `Striped ${S}zebras${E}` }),
        ]),
      );
    const { router, events } = renderResults('  zebras ');
    expect(searching()).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Search results' });
    expect(searching()).not.toBeInTheDocument();
    // Asked once, trimmed, with LibreChat's page size.
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.get('search')).toBe('zebras');
    expect(searches()[0]?.get('pageSize')).toBe('25');
    expect(searches()[0]?.has('cursor')).toBe(false);

    const [first, second] = hits();
    expect(within(first!).getByRole('heading', { name: 'Conversation 1' })).toBeInTheDocument();
    expect(within(first!).getByText('Ada Lovelace')).toBeInTheDocument();
    // Server text is text: the markup shows as written, nothing is parsed.
    expect(first!.querySelector('img')).toBeNull();
    expect(first!).toHaveTextContent('<img src=x onerror=alert(1)> my zebras & zebras');
    expect([...first!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['zebras', 'zebra']);
    expect(within(second!).getByRole('heading', { name: 'New chat' })).toBeInTheDocument();
    expect(within(second!).getByText('Mock')).toBeInTheDocument();

    const link = within(first!).getByRole('link', { name: 'Go to conversation Conversation 1' });
    expect(link).toHaveAttribute('href', '/c/c-1');
    await events.click(link);
    expect(await screen.findByText('conversation page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/c-1');
  });

  it('loads the next page by cursor when the end of the list comes into view', async () => {
    answer = (_call, params) =>
      params.get('cursor') === 'page-2'
        ? jsonResponse(searchPage([searchHit('3')]))
        : jsonResponse(searchPage([searchHit('1'), searchHit('2')], 'page-2'));
    renderResults('zebras');
    await screen.findByRole('list', { name: 'Search results' });
    expect(hits()).toHaveLength(2);
    expect(searches()).toHaveLength(1);

    // Not in view yet: nothing more is asked.
    act(() => io.report(0));
    expect(searches()).toHaveLength(1);
    act(() => io.report(1));
    await waitFor(() => expect(hits()).toHaveLength(3));
    expect(searches()[1]?.get('cursor')).toBe('page-2');
    expect(searches()[1]?.get('search')).toBe('zebras');
    // The last page: no end marker to watch, nothing more to ask.
    expect(screen.queryByTestId('search-results-end')).not.toBeInTheDocument();
    act(() => io.report(1));
    expect(searches()).toHaveLength(2);
  });

  it('says when nothing matches', async () => {
    renderResults('nothing-like-it');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('says when the search failed', async () => {
    answer = () => jsonResponse({ message: 'Invalid cursor' }, 400);
    renderResults('zebras');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during search');
    expect(searching()).not.toBeInTheDocument();
  });

  it('offers to retry when a later page fails, and keeps the hits so far', async () => {
    let failNext = true;
    answer = (_call, params) => {
      if (params.get('cursor') !== 'page-2') return jsonResponse(searchPage([searchHit('1')], 'page-2'));
      if (failNext) return jsonResponse({ message: 'Invalid cursor' }, 400);
      return jsonResponse(searchPage([searchHit('2')]));
    };
    const { events } = renderResults('zebras');
    await screen.findByRole('list', { name: 'Search results' });
    act(() => io.report(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during search');
    expect(hits()).toHaveLength(1);
    // No retry loop while the end stays in view: retrying is the user's call.
    act(() => io.report(1));
    expect(searches()).toHaveLength(2);

    failNext = false;
    await events.click(screen.getByRole('button', { name: 'Load more results' }));
    await waitFor(() => expect(hits()).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the spinner while the typing has not paused for 500 ms, then asks for the new query', async () => {
    answer = (_call, params) => jsonResponse(searchPage([searchHit(params.get('search') ?? '')]));
    const { router } = renderResults('zeb');
    await screen.findByRole('heading', { name: 'Conversation zeb' });
    const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

    await act(() => router.navigate('/search?q=zebra', { replace: true }));
    expect(searching()).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    await act(() => router.navigate('/search?q=zebras', { replace: true }));
    await sleep(SEARCH_DEBOUNCE_MS - 200);
    // Still typing: only the first query was asked.
    expect(searches().map((params) => params.get('search'))).toEqual(['zeb']);
    expect(searching()).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Conversation zebras' });
    expect(searches().map((params) => params.get('search'))).toEqual(['zeb', 'zebras']);
    expect(searching()).not.toBeInTheDocument();
  });
});
