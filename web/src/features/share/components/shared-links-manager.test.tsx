import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedLinkItem } from '@contract/share';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { SHARED_LINKS_PAGE_SIZE } from '../api/list-shared-links';
import { deferred, linkFixture, renderShare } from '../testing/render-share';
import { SHARED_LINKS_SEARCH_DEBOUNCE_MS, SharedLinksManager } from './shared-links-manager';

const listQuery = (call: FetchCall) => {
  const url = new URL(call.url, 'http://localhost');
  return url.pathname === '/api/share' && call.method === 'GET' ? url.searchParams : null;
};

const page = (links: SharedLinkItem[], nextCursor: string | null = null) =>
  jsonResponse({ links, nextCursor, hasNextPage: nextCursor !== null });

function openManager() {
  return renderShare(<SharedLinksManager onClose={() => {}} />);
}

const rowTitles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('SharedLinksManager', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 25 newest first, links titles to their page, and loads more by cursor', async () => {
    const first = Array.from({ length: SHARED_LINKS_PAGE_SIZE }, (_, index) => linkFixture(index));
    const api = mockFetch((call) => {
      const query = listQuery(call);
      if (!query) return jsonResponse({}, 404);
      return query.get('cursor') === 'next-1' ? page([linkFixture(99, { title: 'Last one' })]) : page(first, 'next-1');
    });
    const { events } = openManager();

    await waitFor(() => expect(rowTitles()).toHaveLength(25));
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    const firstQuery = listQuery(api.calls[0]!)!;
    expect(Object.fromEntries(firstQuery)).toEqual({ pageSize: '25', sortBy: 'createdAt', sortDirection: 'desc' });
    expect(screen.getByRole('link', { name: 'Chat 3' })).toHaveAttribute('href', '/share/share-3');
    expect(screen.getByRole('columnheader', { name: /Date shared/ })).toHaveAttribute('aria-sort', 'descending');

    await events.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(rowTitles()).toHaveLength(26));
    expect(rowTitles().at(-1)).toBe('Last one');
    expect(listQuery(api.calls.at(-1)!)!.get('cursor')).toBe('next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sorts by name or date, a second click flipping the direction', async () => {
    const api = mockFetch((call) => (listQuery(call) ? page([linkFixture(1)]) : jsonResponse({}, 404)));
    const { events } = openManager();
    await screen.findByRole('table');
    const sorts = () =>
      api.calls.map((call) => `${listQuery(call)!.get('sortBy')} ${listQuery(call)!.get('sortDirection')}`);

    await events.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(sorts().at(-1)).toBe('title asc'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await events.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(sorts().at(-1)).toBe('title desc'));

    await events.click(screen.getByRole('button', { name: /^Date shared/ }));
    await waitFor(() => expect(sorts().at(-1)).toBe('createdAt desc'));
    await events.click(screen.getByRole('button', { name: /^Date shared/ }));
    await waitFor(() => expect(sorts().at(-1)).toBe('createdAt asc'));
  });

  it('searches once typing has paused for 300 ms', async () => {
    const searchedAt: { search: string | null; at: number }[] = [];
    mockFetch((call) => {
      const query = listQuery(call);
      if (!query) return jsonResponse({}, 404);
      searchedAt.push({ search: query.get('search'), at: performance.now() });
      return page([linkFixture(1)]);
    });
    openManager();
    await screen.findByRole('table');
    const input = screen.getByLabelText('Search shared links');

    for (const text of ['t', 'tr', 'tri', 'trip']) fireEvent.change(input, { target: { value: text } });
    const typedAt = performance.now();
    expect(searchedAt.map((entry) => entry.search)).toEqual([null]);

    await waitFor(() => expect(searchedAt.map((entry) => entry.search)).toEqual([null, 'trip']));
    expect(searchedAt[1]!.at - typedAt).toBeGreaterThanOrEqual(SHARED_LINKS_SEARCH_DEBOUNCE_MS - 5);
  });

  it('bulk delete removes the rows at once and puts them back when the server refuses', async () => {
    const answer = deferred<Response>();
    const api = mockFetch((call) => {
      if (listQuery(call)) return page([linkFixture(1), linkFixture(2), linkFixture(3)]);
      if (call.method === 'DELETE' && call.url === '/api/share/share-2') return answer.promise;
      if (call.method === 'DELETE')
        return jsonResponse({ success: true, shareId: 'x', message: 'Share deleted successfully' });
      return jsonResponse({}, 404);
    });
    const { events } = openManager();
    await waitFor(() => expect(rowTitles()).toEqual(['Chat 1', 'Chat 2', 'Chat 3']));

    await events.click(screen.getByRole('checkbox', { name: 'Select Chat 1' }));
    await events.click(screen.getByRole('checkbox', { name: 'Select Chat 2' }));
    await events.click(screen.getByRole('button', { name: 'Delete 2 selected' }));

    await waitFor(() => expect(rowTitles()).toEqual(['Chat 3']));
    answer.resolve(jsonResponse({ message: 'Server error' }, 500));

    expect(await screen.findByText('Failed to delete shared links')).toBeInTheDocument();
    await waitFor(() => expect(rowTitles()).toEqual(['Chat 1', 'Chat 2', 'Chat 3']));
    expect(
      api.calls
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/api/share/share-1', '/api/share/share-2']);
  });

  it('deletes one link from its row', async () => {
    let deleted = false;
    mockFetch((call) => {
      if (listQuery(call)) return page(deleted ? [linkFixture(2)] : [linkFixture(1), linkFixture(2)]);
      deleted = true;
      return jsonResponse({ success: true, shareId: 'share-1', message: 'Share deleted successfully' });
    });
    const { events } = openManager();
    await waitFor(() => expect(rowTitles()).toEqual(['Chat 1', 'Chat 2']));
    await events.click(screen.getByRole('button', { name: 'Delete shared link Chat 1' }));
    expect(await screen.findByText('Successfully deleted shared link')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Chat 2']);
  });

  it('warns and sends nothing when no selected item has a share id', async () => {
    const api = mockFetch((call) =>
      listQuery(call) ? page([linkFixture(1, { shareId: '' })]) : jsonResponse({}, 500),
    );
    const { events } = openManager();
    await screen.findByRole('table');
    await events.click(screen.getByRole('checkbox', { name: 'Select Chat 1' }));
    await events.click(screen.getByRole('button', { name: 'Delete 1 selected' }));
    expect(await screen.findByText('None of the selected items can be deleted')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(rowTitles()).toEqual(['Chat 1']);
  });
});
