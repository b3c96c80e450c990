import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GeneralTab } from '@/app/settings/general-tab';
import { ArchivedChatsDialog } from '@/features/archive/components/archived-chats-dialog';
import type { ConversationListItem } from '@/shared/conversation/api/conversation-list-types';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import type { ListData } from '@/shared/conversation/api/list-cache';
import { conversation, listData, listItem, page } from '@/shared/conversation/testing/fixtures';
import { userFixture } from '@/testing/account-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';

const archived = (id: string, title: string, minutesAgo = 0): ConversationListItem => ({
  ...listItem(id, minutesAgo, title),
  isArchived: true,
});

const ALPHA = archived('a1', 'Alpha plans', 10);
const BETA = archived('b2', 'Beta notes', 20);
const GAMMA = archived('g3', 'Gamma alpha review', 30);

type Routes = {
  list?: (params: URLSearchParams) => Response;
  update?: (call: FetchCall) => Response;
  remove?: (call: FetchCall) => Response;
};

/** The list answers by its query; the writes as given. Anything else is a 404. */
function mockArchiveApi({ list = () => jsonResponse(page([ALPHA, BETA, GAMMA])), update, remove }: Routes) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/api/convos') return list(url.searchParams);
    if (call.method === 'POST' && url.pathname === '/api/convos/update' && update) return update(call);
    if (call.method === 'DELETE' && url.pathname === '/api/convos' && remove) return remove(call);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

const listQueries = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/convos?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);

const titles = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

function renderManager() {
  const view = renderWithProviders(<ArchivedChatsDialog open onClose={vi.fn()} />, { user: userFixture() });
  return view;
}

describe('archived chats manager', { timeout: 20_000 }, () => {
  it('opens from Settings → General and closes alone on Escape', async () => {
    mockArchiveApi({});
    const { events } = renderWithProviders(<GeneralTab />, { user: userFixture() });
    const manage = screen.getByRole('button', { name: 'Manage' });
    expect(manage).toHaveAccessibleDescription('Archived chats');
    await events.click(manage);
    const manager = screen.getByRole('dialog', { name: 'Archived chats' });
    expect(await within(manager).findByRole('link', { name: 'Alpha plans' })).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(manage).toHaveFocus();
  });

  it('lists archived chats newest-created first, each a 48 px row linking to the chat', async () => {
    const { calls } = mockArchiveApi({});
    renderManager();
    expect(await screen.findByRole('link', { name: 'Alpha plans' })).toHaveAttribute('href', '/c/a1');
    expect(titles()).toEqual(['Alpha plans', 'Beta notes', 'Gamma alpha review']);
    const [query] = listQueries(calls);
    expect(query?.get('isArchived')).toBe('true');
    expect(query?.get('sortBy')).toBe('createdAt');
    expect(query?.get('sortDirection')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Date created/ })).toHaveAttribute('aria-sort', 'descending');
    const row = screen.getAllByRole('row')[1];
    expect(row).toHaveClass('h-12');
    expect(within(row as HTMLElement).getByRole('time')).toHaveAttribute('dateTime', ALPHA.createdAt);
  });

  it('sorts by title, then turns the order round on a second press', async () => {
    const { calls } = mockArchiveApi({
      list: (params) => {
        const byTitle = [ALPHA, BETA, GAMMA];
        if (params.get('sortBy') !== 'title') return jsonResponse(page([ALPHA, BETA, GAMMA]));
        return jsonResponse(page(params.get('sortDirection') === 'asc' ? byTitle : [...byTitle].reverse()));
      },
    });
    const { events } = renderManager();
    await screen.findByRole('link', { name: 'Alpha plans' });

    await events.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listQueries(calls).at(-1)?.get('sortBy')).toBe('title'));
    expect(listQueries(calls).at(-1)?.get('sortDirection')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Date created/ })).toHaveAttribute('aria-sort', 'none');

    await events.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(titles()).toEqual(['Gamma alpha review', 'Beta notes', 'Alpha plans']));
    expect(listQueries(calls).at(-1)?.get('sortDirection')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches titles on the server once typing pauses, paging the matches by cursor', async () => {
    const { calls } = mockArchiveApi({
      list: (params) => {
        if (params.get('search') === 'zzz') return jsonResponse(page([]));
        if (params.get('search') === 'ALPHA')
          return params.get('cursor') === 'next' ? jsonResponse(page([GAMMA])) : jsonResponse(page([ALPHA], 'next'));
        return jsonResponse(page([ALPHA, BETA, GAMMA]));
      },
    });
    const { events } = renderManager();
    await screen.findByRole('link', { name: 'Beta notes' });

    await events.type(screen.getByRole('searchbox', { name: 'Search archived chats' }), 'ALPHA');
    await waitFor(() => expect(titles()).toEqual(['Alpha plans']));
    // One search request per pause, not one per key.
    expect(
      listQueries(calls)
        .filter((params) => params.has('search'))
        .map((params) => params.get('search')),
    ).toEqual(['ALPHA']);
    await events.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toEqual(['Alpha plans', 'Gamma alpha review']));
    expect(listQueries(calls).at(-1)?.get('cursor')).toBe('next');

    await events.clear(screen.getByRole('searchbox'));
    await events.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No archived conversation matches “zzz”.')).toBeInTheDocument();
  });

  it('loads the next page by its cursor', async () => {
    const { calls } = mockArchiveApi({
      list: (params) =>
        params.get('cursor') === 'c2' ? jsonResponse(page([GAMMA])) : jsonResponse(page([ALPHA, BETA], 'c2')),
    });
    const { events } = renderManager();
    await screen.findByRole('link', { name: 'Beta notes' });
    await events.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Gamma alpha review' })).toBeInTheDocument();
    expect(listQueries(calls).at(-1)?.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when nothing is archived', async () => {
    mockArchiveApi({ list: () => jsonResponse(page([])) });
    renderManager();
    expect(await screen.findByText('You have no archived conversations.')).toBeInTheDocument();
  });

  it('unarchives: the chat leaves the table and tops the sidebar list', async () => {
    const restored = conversation({ ...BETA, isArchived: false, updatedAt: '2024-06-01T00:00:00.000Z' });
    const { calls } = mockArchiveApi({ update: () => jsonResponse(restored, 201) });
    const { events, queryClient } = renderManager();
    queryClient.setQueryData<ListData>(convoKeys.list({ isArchived: false }), listData(page([listItem('x9', 5)])));
    await screen.findByRole('link', { name: 'Beta notes' });

    await events.click(screen.getByRole('button', { name: 'Unarchive Beta notes' }));
    await waitFor(() => expect(titles()).toEqual(['Alpha plans', 'Gamma alpha review']));
    const update = calls.find((call) => call.url === '/api/convos/update');
    expect(JSON.parse(update?.body ?? '{}')).toEqual({ arg: { conversationId: 'b2', isArchived: false } });
    const sidebar = queryClient.getQueryData<ListData>(convoKeys.list({ isArchived: false }));
    expect(sidebar?.pages[0]?.conversations.map((item) => [item.conversationId, item.isArchived])).toEqual([
      ['b2', false],
      ['x9', false],
    ]);
  });

  it('keeps the chat and says so when unarchiving fails', async () => {
    mockArchiveApi({ update: () => jsonResponse({ message: 'boom' }, 500) });
    const { events } = renderManager();
    await screen.findByRole('link', { name: 'Beta notes' });
    await events.click(screen.getByRole('button', { name: 'Unarchive Beta notes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The chat could not be unarchived.');
    expect(titles()).toEqual(['Alpha plans', 'Beta notes', 'Gamma alpha review']);
  });

  it('deletes only after confirming', async () => {
    const { calls } = mockArchiveApi({ remove: () => jsonResponse({ acknowledged: true, deletedCount: 1 }, 201) });
    const { events } = renderManager();
    await screen.findByRole('link', { name: 'Alpha plans' });

    await events.click(screen.getByRole('button', { name: 'Delete Alpha plans' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete chat?' });
    expect(confirm).toHaveTextContent('This will delete “Alpha plans”.');
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await events.click(screen.getByRole('button', { name: 'Delete Alpha plans' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete chat?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(titles()).toEqual(['Beta notes', 'Gamma alpha review']));
    expect(screen.queryByRole('dialog', { name: 'Delete chat?' })).not.toBeInTheDocument();
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(JSON.parse(removal?.body ?? '{}')).toEqual({ arg: { conversationId: 'a1' } });
  });

  it('keeps the chat and says so when deleting fails', async () => {
    mockArchiveApi({ remove: () => jsonResponse({ message: 'boom' }, 500) });
    const { events } = renderManager();
    await screen.findByRole('link', { name: 'Alpha plans' });
    await events.click(screen.getByRole('button', { name: 'Delete Alpha plans' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete chat?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The chat could not be deleted.');
    expect(titles()).toEqual(['Alpha plans', 'Beta notes', 'Gamma alpha review']);
  });
});
