import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-search-text';
import { SearchBox } from './search-box';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** Each page draws its own box, as in the app, so a navigation between pages remounts it. */
function renderBox(path: string) {
  const page = (name: string) => (
    <>
      <SearchBox />
      <p>{name} page</p>
      <Address />
      <button type="button">elsewhere</button>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/c/:conversationId', element: page('chat') },
      { path: '/search', element: page('search') },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, events: userEvent.setup() };
}

const box = () => screen.findByRole('textbox', { name: 'Search messages' });
const address = () => screen.getByTestId('address').textContent;
const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('SearchBox', () => {
  let enabled: unknown;
  beforeEach(() => {
    enabled = true;
    mockFetch((call) =>
      call.url === '/api/search/enable' ? jsonResponse(enabled) : jsonResponse({ message: 'unexpected' }, 404),
    );
  });

  it('is absent when the server reports search disabled', async () => {
    enabled = false;
    renderBox('/c/new');
    await screen.findByText('chat page');
    await sleep(50);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('waits for a 500 ms pause before it opens /search?q=…, then keeps the text and the caret', async () => {
    const { router, events } = renderBox('/c/abc');
    await events.type(await box(), 'zebra crossing');
    // Typing pending: the box shows it is about to search, and the chat stays.
    expect(screen.getByRole('status', { name: 'Searching…' })).toBeInTheDocument();
    await sleep(SEARCH_DEBOUNCE_MS - 200);
    expect(address()).toBe('/c/abc');
    await waitFor(() => expect(address()).toBe('/search?q=zebra+crossing'));
    // A new entry, so Back returns to the chat.
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('search page')).toBeInTheDocument();
    const input = await box();
    expect(input).toHaveValue('zebra crossing');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.queryByRole('status', { name: 'Searching…' })).not.toBeInTheDocument();
  });

  it('searches at once on Enter, and never for blank text', async () => {
    const { events } = renderBox('/c/new');
    await events.type(await box(), '   {Enter}');
    await sleep(SEARCH_DEBOUNCE_MS + 100);
    expect(address()).toBe('/c/new');
    await events.type(await box(), 'owl{Enter}');
    await waitFor(() => expect(address()).toBe('/search?q=+++owl'));
  });

  it('on /search shows the query and keeps the address in step with every keystroke', async () => {
    const { router, events } = renderBox('/search?q=owl');
    const input = await box();
    expect(input).toHaveValue('owl');
    await events.type(input, 's');
    await waitFor(() => expect(address()).toBe('/search?q=owls'));
    expect(router.state.historyAction).toBe('REPLACE');
    await events.type(input, '!');
    await waitFor(() => expect(address()).toBe('/search?q=owls%21'));
    expect(input).toHaveValue('owls!');
  });

  it('returns to /c/new, replacing the results entry, when the text is deleted', async () => {
    const { router, events } = renderBox('/search?q=ab');
    await events.type(await box(), '{Backspace}{Backspace}');
    await waitFor(() => expect(address()).toBe('/c/new'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await box()).toHaveValue('');
  });

  it('clears with the clear button and with Escape, keeping the focus in the box', async () => {
    const { events, router } = renderBox('/search?q=owl');
    await events.click(await screen.findByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(address()).toBe('/c/new'));
    const input = await box();
    expect(input).toHaveValue('');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await act(() => router.navigate('/search?q=cat'));
    await events.click(await box());
    await events.keyboard('{Escape}');
    await waitFor(() => expect(address()).toBe('/c/new'));
    expect(await box()).toHaveValue('');
  });

  it('lets Escape through when the box is empty (the phone sidebar closes on it)', async () => {
    const { events } = renderBox('/c/new');
    const seen: boolean[] = [];
    const record = (event: KeyboardEvent) => seen.push(event.defaultPrevented);
    document.addEventListener('keydown', record);
    onTestFinished(() => document.removeEventListener('keydown', record));
    await events.click(await box());
    await events.keyboard('{Escape}');
    await events.type(await box(), 'x');
    await events.keyboard('{Escape}');
    expect(seen).toEqual([false, false, true]);
    expect(await box()).toHaveValue('');
    await sleep(SEARCH_DEBOUNCE_MS + 100);
    // The search it was waiting to start is forgotten.
    expect(address()).toBe('/c/new');
  });

  it('follows the address when something else changes it (Back, a link)', async () => {
    const { router, events } = renderBox('/c/new');
    await act(() => router.navigate('/search?q=first'));
    expect(await box()).toHaveValue('first');
    await act(() => router.navigate('/search?q=second'));
    await waitFor(async () => expect(await box()).toHaveValue('second'));
    await act(() => router.navigate(-1));
    await waitFor(async () => expect(await box()).toHaveValue('first'));

    // A search about to start is dropped when the user goes elsewhere first.
    await act(() => router.navigate('/c/abc'));
    await events.type(await box(), 'pending');
    await act(() => router.navigate('/c/def'));
    expect(await box()).toHaveValue('');
    await sleep(SEARCH_DEBOUNCE_MS + 100);
    expect(address()).toBe('/c/def');
  });
});
