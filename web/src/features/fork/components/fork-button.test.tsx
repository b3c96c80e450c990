import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ForkResponse } from '@contract/fork';
import { ToastProvider } from '@/components/ui/toast-provider';
import { createQueryClient } from '@/lib/react-query';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import type { ListData } from '@/shared/conversation/api/list-cache';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { setForkSetting } from '../lib/fork-settings';
import { ForkButton } from './fork-button';

const forked: ForkResponse = {
  conversation: {
    conversationId: 'forked-1',
    user: 'u',
    title: 'Trip',
    endpoint: 'openAI',
    endpointType: null,
    model: 'gpt-4o',
    isArchived: false,
    expiredAt: null,
    tags: [],
    createdAt: '2025-01-02T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
  },
  messages: [],
};

function renderButton() {
  const queryClient = createQueryClient();
  const existing: ListData = { pages: [{ conversations: [], nextCursor: null }], pageParams: [null] };
  queryClient.setQueryData(convoKeys.list({ isArchived: false }), existing);
  const router = createMemoryRouter(
    [
      {
        path: '/c/convo-1',
        element: <ForkButton conversationId="convo-1" messageId="m1" getLatestMessageId={() => 'm3'} />,
      },
      { path: '/c/:conversationId', element: <p>opened conversation</p> },
    ],
    { initialEntries: ['/c/convo-1'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router, user: userEvent.setup() };
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch((call) =>
    call.url === '/api/convos/fork' ? jsonResponse(forked) : jsonResponse({ message: 'nope' }, 404),
  );
});
afterEach(() => window.localStorage.clear());

const forkBodies = () =>
  fetchMock.callsTo('/api/convos/fork').map((call) => JSON.parse(call.body ?? 'null') as unknown);

describe('ForkButton', () => {
  it('asks for an option, forks with it, lists and opens the new conversation', async () => {
    const { queryClient, router, user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Fork' }));
    const dialog = screen.getByRole('dialog', { name: 'Select a fork option' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Visible messages only' }));

    await screen.findByText('opened conversation');
    expect(router.state.location.pathname).toBe('/c/forked-1');
    expect(forkBodies()).toEqual([
      { conversationId: 'convo-1', messageId: 'm1', option: 'directPath', splitAtTarget: false },
    ]);
    const list = queryClient.getQueryData<ListData>(convoKeys.list({ isArchived: false }));
    expect(list?.pages[0]?.conversations.map((item) => item.conversationId)).toEqual(['forked-1']);
    expect(queryClient.getQueryData(chatKeys.messages('forked-1'))).toEqual([]);
    expect(screen.getByText('Successfully forked conversation')).toBeInTheDocument();
    // The dialog said it was under way; no toast repeats it.
    expect(screen.queryByText('Forking conversation…')).not.toBeInTheDocument();
    // Not remembered unless asked.
    expect(window.localStorage.getItem('rememberDefaultFork')).toBeNull();
  });

  it('sends "Start fork here" with the branch end, and remembers the choice when asked', async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Fork' }));
    await user.click(screen.getByRole('checkbox', { name: 'Start fork here' }));
    await user.click(screen.getByRole('checkbox', { name: 'Remember my choice' }));
    await user.click(screen.getByRole('button', { name: 'Include related branches' }));
    await screen.findByText('opened conversation');
    expect(forkBodies()).toEqual([
      {
        conversationId: 'convo-1',
        messageId: 'm1',
        option: 'includeBranches',
        splitAtTarget: true,
        latestMessageId: 'm3',
      },
    ]);
    expect(window.localStorage.getItem('forkSetting')).toBe('"includeBranches"');
    expect(window.localStorage.getItem('rememberDefaultFork')).toBe('true');
  });

  it('forks at once with a remembered option', async () => {
    setForkSetting('forkSetting', 'targetLevel');
    setForkSetting('rememberDefaultFork', true);
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Fork (Include all to/from here)' }));
    // No dialog says it is under way, so a toast does.
    expect(screen.getByText('Forking conversation…')).toBeInTheDocument();
    await screen.findByText('opened conversation');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(forkBodies()).toEqual([
      { conversationId: 'convo-1', messageId: 'm1', option: 'targetLevel', splitAtTarget: false },
    ]);
  });

  it('shows the server’s reason when the fork fails, and stays put', async () => {
    fetchMock = mockFetch(() => jsonResponse({ message: 'Too many forks, try later.' }, 429));
    const { router, user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Fork' }));
    await user.click(screen.getByRole('button', { name: 'Visible messages only' }));
    await waitFor(() => expect(screen.getByText('Too many forks, try later.')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/c/convo-1');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
