import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/features/conversations/testing/render-sidebar';
import { userKeyQueryKey } from '@/shared/config/api/get-user-key';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import type { ListData } from '@/shared/conversation/api/list-cache';
import { listData, listItem, page } from '@/shared/conversation/testing/fixtures';
import { TTS_CACHE_NAME } from '@/shared/speech/tts-cache';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { DataTab } from './data-tab';

const okApi = () =>
  mockFetch((call) => {
    if (call.method === 'DELETE' && call.url === '/api/convos/all')
      return jsonResponse({ acknowledged: true, deletedCount: 3 }, 201);
    if (call.method === 'DELETE' && call.url === '/api/keys?all=true') return new Response(null, { status: 204 });
    return jsonResponse({ message: 'Not found' }, 404);
  });

describe('data tab', { timeout: 20_000 }, () => {
  it('deletes all chats after confirming: caches cleared, the open chat gives way to a new one', async () => {
    const { calls } = okApi();
    const { events, queryClient, router } = renderAt('/c/abc', <DataTab />);
    queryClient.setQueryData(
      convoKeys.list({ isArchived: false }),
      listData(page([listItem('abc'), listItem('def')], 'more')),
    );
    queryClient.setQueryData(['convos', 'archived', { sortBy: 'createdAt' }], listData(page([listItem('zzz')])));
    queryClient.setQueryData(chatKeys.conversation('abc'), { conversationId: 'abc' });
    queryClient.setQueryData(chatKeys.messages('abc'), []);

    await events.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete all chats?' });
    expect(confirm).toHaveTextContent('This is irreversible.');
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('new chat page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/c/new');
    expect(calls.filter((call) => call.url === '/api/convos/all')).toHaveLength(1);
    expect(queryClient.getQueryData<ListData>(convoKeys.list({ isArchived: false }))?.pages).toEqual([
      { conversations: [], nextCursor: null },
    ]);
    expect(queryClient.getQueryData<ListData>(['convos', 'archived', { sortBy: 'createdAt' }])?.pages).toEqual([
      { conversations: [], nextCursor: null },
    ]);
    expect(queryClient.getQueryData(chatKeys.conversation('abc'))).toBeUndefined();
    expect(queryClient.getQueryData(chatKeys.messages('abc'))).toBeUndefined();
    expect(screen.getByRole('status')).toHaveTextContent('All chats deleted.');
  });

  it('keeps everything and says so when deleting all fails', async () => {
    mockFetch(() => jsonResponse({ message: 'boom' }, 500));
    const { events, queryClient, router } = renderAt('/c/abc', <DataTab />);
    queryClient.setQueryData(convoKeys.list({ isArchived: false }), listData(page([listItem('abc')])));
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete all chats?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The chats could not be deleted.');
    expect(router.state.location.pathname).toBe('/c/abc');
    expect(
      queryClient.getQueryData<ListData>(convoKeys.list({ isArchived: false }))?.pages[0]?.conversations,
    ).toHaveLength(1);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const { calls } = okApi();
    const { events } = renderAt('/c/abc', <DataTab />);
    await events.click(screen.getByRole('button', { name: 'Delete' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete all chats?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('clears the cached speech audio from Cache Storage', async () => {
    okApi();
    const deleteCache = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleteCache });
    const { events } = renderAt('/c/abc', <DataTab />);
    await events.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Cached speech audio cleared.');
    expect(deleteCache).toHaveBeenCalledWith(TTS_CACHE_NAME);
    expect(TTS_CACHE_NAME).toBe('tts-responses');
  });

  it('says when there was no cached speech audio', async () => {
    okApi();
    vi.stubGlobal('caches', { delete: vi.fn(async () => false) });
    const { events } = renderAt('/c/abc', <DataTab />);
    await events.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('status')).toHaveTextContent('There was no cached speech audio.');
  });

  it('revokes every user key after confirming, and forgets the cached key state', async () => {
    const { calls } = okApi();
    const { events, queryClient } = renderAt('/c/abc', <DataTab />);
    queryClient.setQueryData(userKeyQueryKey('openAI'), { expiresAt: null });

    await events.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke keys?' });
    await events.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByRole('status')).toHaveTextContent('All your keys were revoked.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/keys?all=true']);
    expect(queryClient.getQueryData(userKeyQueryKey('openAI'))).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when revoking fails', async () => {
    mockFetch(() => jsonResponse({ message: 'boom' }, 500));
    const { events } = renderAt('/c/abc', <DataTab />);
    await events.click(screen.getByRole('button', { name: 'Revoke' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Revoke keys?' })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The keys could not be revoked.');
  });
});
