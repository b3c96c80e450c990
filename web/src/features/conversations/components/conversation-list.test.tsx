import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import type { ListData } from '@/shared/conversation/api/list-cache';
import { conversation, listItem, page } from '@/shared/conversation/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { giveListASize, renderAt } from '../testing/render-sidebar';
import { ConversationList } from './conversation-list';

const listKey = convoKeys.list({ isArchived: false });
const firstPage = page([listItem('a', 5, 'Alpha'), listItem('b', 10, 'Beta')]);

/** The API: the list answers `pages` in turn; update, delete and duplicate answer `answers`. */
function mockApi({
  pages = [firstPage],
  update = (body: unknown) => jsonResponse(body, 201),
  remove = () => jsonResponse({ acknowledged: true, deletedCount: 1 }, 201),
  duplicated = Promise.resolve(),
}: {
  pages?: ListData['pages'];
  update?: (body: unknown) => Response;
  remove?: () => Response;
  /** The duplicate answers once this settles: lets a test see the "under way" toast. */
  duplicated?: Promise<void>;
} = {}) {
  let listed = 0;
  return mockFetch((call) => {
    if (call.url.startsWith('/api/convos?')) return jsonResponse(pages[Math.min(listed++, pages.length - 1)]);
    if (call.url === '/api/convos/update') {
      const { arg } = JSON.parse(call.body ?? '{}') as {
        arg: { conversationId: string; title?: string; isArchived?: boolean };
      };
      return update(
        conversation({ ...listItem(arg.conversationId, 5, arg.title ?? 'Alpha'), isArchived: arg.isArchived ?? false }),
      );
    }
    if (call.url === '/api/convos' && call.method === 'DELETE') return remove();
    if (call.url === '/api/convos/duplicate') {
      const { title } = JSON.parse(call.body ?? '{}') as { title: string };
      return duplicated.then(() =>
        jsonResponse({ conversation: conversation(listItem('copy', 0, title)), messages: [] }, 201),
      );
    }
    return jsonResponse({ message: 'unexpected' }, 500);
  });
}

const listCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/convos?'));

/** The list as the chat route shows it: the open conversation is the route's. */
function RouteList() {
  const { conversationId } = useParams();
  return <ConversationList activeConversationId={conversationId} isSmall={false} />;
}

function renderList(path = '/c/a') {
  return renderAt(path, <RouteList />);
}

async function openMenu(events: ReturnType<typeof renderList>['events'], title: string) {
  await events.click(await screen.findByRole('button', { name: `Options for ${title}` }));
}

describe('ConversationList', () => {
  beforeEach(() => {
    giveListASize();
  });

  it('lists conversations as links under date headings, the open one marked current', async () => {
    mockApi();
    renderList('/c/b');
    const beta = await screen.findByRole('link', { name: 'Beta' });
    expect(beta).toHaveAttribute('href', '/c/b');
    expect(beta).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Alpha' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
  });

  describe('rename', () => {
    it('saves on Enter, in place, without refetching the list', async () => {
      const { calls } = mockApi();
      const { events, queryClient } = renderList();
      await openMenu(events, 'Alpha');
      await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
      const input = screen.getByRole('textbox', { name: 'New title for Alpha' });
      expect(input).toHaveFocus();
      await events.clear(input);
      await events.type(input, 'Renamed{Enter}');
      expect(await screen.findByRole('link', { name: 'Renamed' })).toBeInTheDocument();
      await waitFor(() => expect(calls.filter((call) => call.url === '/api/convos/update')).toHaveLength(1));
      expect(JSON.parse(calls.find((call) => call.url === '/api/convos/update')?.body ?? '')).toEqual({
        arg: { conversationId: 'a', title: 'Renamed' },
      });
      expect(listCalls(calls)).toHaveLength(1);
      // Still first: a rename does not reorder.
      expect(queryClient.getQueryData<ListData>(listKey)?.pages[0]?.conversations.map((c) => c.title)).toEqual([
        'Renamed',
        'Beta',
      ]);
    });

    it('saves on blur', async () => {
      const { calls } = mockApi();
      const { events } = renderList();
      await openMenu(events, 'Beta');
      await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
      await events.type(screen.getByRole('textbox'), ' two');
      await events.click(document.body);
      expect(await screen.findByRole('link', { name: 'Beta two' })).toBeInTheDocument();
      await waitFor(() => expect(calls.filter((call) => call.url === '/api/convos/update')).toHaveLength(1));
    });

    it('cancels on Escape, and makes no call for an unchanged title', async () => {
      const { calls } = mockApi();
      const { events } = renderList();
      await openMenu(events, 'Alpha');
      await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
      await events.type(screen.getByRole('textbox'), ' changed{Escape}');
      expect(await screen.findByRole('link', { name: 'Alpha' })).toBeInTheDocument();

      await openMenu(events, 'Alpha');
      await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
      await events.type(screen.getByRole('textbox'), '{Enter}');
      expect(await screen.findByRole('link', { name: 'Alpha' })).toBeInTheDocument();
      expect(calls.filter((call) => call.url === '/api/convos/update')).toHaveLength(0);
    });

    it('puts the old title back and says so when the server refuses', async () => {
      mockApi({ update: () => jsonResponse({ message: 'boom' }, 500) });
      const { events, queryClient } = renderList();
      queryClient.setQueryData(chatKeys.conversation('a'), conversation(listItem('a', 5, 'Alpha')));
      await openMenu(events, 'Alpha');
      await events.click(screen.getByRole('menuitem', { name: 'Rename' }));
      await events.type(screen.getByRole('textbox'), '!{Enter}');
      expect(await screen.findByText('The chat could not be renamed.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Alpha' })).toBeInTheDocument();
      expect(queryClient.getQueryData<{ title: string }>(chatKeys.conversation('a'))?.title).toBe('Alpha');
    });
  });

  it('deletes the open chat after confirming: gone from the list and the caches, and on to /c/new', async () => {
    const { calls } = mockApi();
    const { events, router, queryClient } = renderList('/c/a');
    queryClient.setQueryData(chatKeys.messages('a'), []);
    await openMenu(events, 'Alpha');
    await events.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete chat?' });
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'));
    expect(await screen.findByText('Chat deleted.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((call) => call.method === 'DELETE')?.body ?? '')).toEqual({
      arg: { conversationId: 'a' },
    });
    expect(queryClient.getQueryData<ListData>(listKey)?.pages[0]?.conversations.map((c) => c.conversationId)).toEqual([
      'b',
    ]);
    expect(queryClient.getQueryData(chatKeys.messages('a'))).toBeUndefined();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('archives another chat in place, staying where it is', async () => {
    const { calls } = mockApi();
    const { events, router } = renderList('/c/a');
    await openMenu(events, 'Beta');
    await events.click(screen.getByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Beta' })).not.toBeInTheDocument());
    expect(await screen.findByText('Chat archived.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((call) => call.url === '/api/convos/update')?.body ?? '')).toEqual({
      arg: { conversationId: 'b', isArchived: true },
    });
    expect(router.state.location.pathname).toBe('/c/a');
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('says when archiving or deleting fails, keeping the chat', async () => {
    mockApi({
      update: () => jsonResponse({ message: 'boom' }, 500),
      remove: () => jsonResponse({ message: 'boom' }, 500),
    });
    const { events } = renderList('/c/a');
    await openMenu(events, 'Beta');
    await events.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByText('The chat could not be archived.')).toBeInTheDocument();
    await openMenu(events, 'Beta');
    await events.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete chat?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('The chat could not be deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beta' })).toBeInTheDocument();
  });

  it('duplicates under a title marked as a copy, tells the progress, and opens the copy', async () => {
    let answer = () => undefined as void;
    const { calls } = mockApi({ duplicated: new Promise<void>((resolve) => (answer = resolve)) });
    const { events, queryClient, router } = renderList('/c/a');
    await openMenu(events, 'Beta');
    await events.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Duplicating the chat…')).toBeInTheDocument();
    expect(JSON.parse(calls.find((call) => call.url === '/api/convos/duplicate')?.body ?? '')).toEqual({
      conversationId: 'b',
      title: 'Beta (copy)',
    });
    answer();
    expect(await screen.findByText('Chat duplicated.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/copy'));
    expect(await screen.findByRole('link', { name: 'Beta (copy)' })).toHaveAttribute('aria-current', 'page');
    expect(queryClient.getQueryData<ListData>(listKey)?.pages[0]?.conversations.map((c) => c.conversationId)).toEqual([
      'copy',
      'a',
      'b',
    ]);
    // Opening the copy draws from the cache the answer filled.
    expect(queryClient.getQueryData(chatKeys.messages('copy'))).toEqual([]);
  });

  it('asks for the next page when the end comes within reach', async () => {
    const many = Array.from({ length: 5 }, (_, i) => listItem(`p${i}`, i, `P${i}`));
    const { calls } = mockApi({ pages: [page(many, 'cursor-1'), page([listItem('last', 100, 'Last')])] });
    renderList();
    expect(await screen.findByRole('link', { name: 'Last' })).toBeInTheDocument();
    const urls = listCalls(calls).map((call) => new URL(call.url, 'http://x').searchParams);
    expect(urls.map((params) => params.get('cursor'))).toEqual([null, 'cursor-1']);
    expect(urls[0]?.get('isArchived')).toBe('false');
  });
});
