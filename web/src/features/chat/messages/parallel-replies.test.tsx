import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { at, chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import { mockFeedLayout, mockIntersectionObserver } from '@/testing/layout-mock';
import { MessageList, type MessageListProps } from './message-list';
import type { ParallelTurn } from './parallel-replies';

vi.mock('@/shared/message/content/rich-text', () => import('./testing/rich-text-stub'));
vi.mock('@/shared/preferences/chat-preferences', () => ({
  useChatPreferences: () => ({ enterToSend: true, showThinking: false, saveDrafts: true, set: () => {} }),
}));

const question = chatMessage({ messageId: 'q1', text: 'Which is faster?', endpoint: 'openAI', createdAt: at(0) });
const first = chatMessage({
  messageId: 'r-gpt',
  parentMessageId: 'q1',
  isCreatedByUser: false,
  sender: 'GPT-4o',
  text: 'The hare.',
  endpoint: 'openAI',
  model: 'gpt-4o',
  createdAt: at(1),
});
const second = chatMessage({
  messageId: 'r-claude',
  parentMessageId: 'q1',
  isCreatedByUser: false,
  sender: 'Claude',
  text: 'The tortoise, eventually',
  endpoint: 'anthropic',
  model: 'claude-3-haiku',
  createdAt: at(2),
});

let layout: ReturnType<typeof mockFeedLayout>;
beforeEach(() => {
  layout = mockFeedLayout({ viewportPx: 800, rowPx: 100 });
  vi.stubGlobal('IntersectionObserver', mockIntersectionObserver().FakeIntersectionObserver);
});
afterEach(() => {
  layout.restore();
});

function renderTurn(parallel: ParallelTurn | null) {
  const props: MessageListProps = {
    messages: [question, first, second],
    isSubmitting: parallel?.firstStreaming === true || parallel?.addedStreaming === true,
    actions: { onEditSubmit: vi.fn(), onSaveEdit: vi.fn(), onRegenerate: vi.fn(), onContinue: vi.fn() },
    conversationKey: 'c1',
    parallel,
  };
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MessageList {...props} />
    </QueryClientProvider>,
  );
}

const turn = (overrides: Partial<ParallelTurn> = {}): ParallelTurn => ({
  firstId: 'r-gpt',
  added: second,
  firstStreaming: false,
  addedStreaming: true,
  onStopFirst: vi.fn(),
  onStopAdded: vi.fn(),
  ...overrides,
});

describe('a turn answered by two models', () => {
  it('shows both replies side by side, each under its own name, and stops each alone', () => {
    const parallel = turn({ firstStreaming: true });
    renderTurn(parallel);
    const group = screen.getByRole('group', { name: 'Replies from two models' });
    const columns = within(group).getAllByTestId('parallel-reply');
    expect(columns).toHaveLength(2);
    expect(within(columns[0]!).getByText('The hare.')).toBeInTheDocument();
    expect(within(columns[0]!).getByText('GPT-4o')).toBeInTheDocument();
    expect(within(columns[1]!).getByText('The tortoise, eventually')).toBeInTheDocument();
    expect(within(columns[1]!).getByText('Claude')).toBeInTheDocument();
    // Each column names its model: two replies may carry the same endpoint's name.
    expect(within(columns[0]!).getByText('gpt-4o')).toBeInTheDocument();
    expect(within(columns[1]!).getByText('claude-3-haiku')).toBeInTheDocument();
    // Two columns from the medium breakpoint up, one above the other below it.
    expect(group.className).toContain('md:grid-cols-2');

    fireEvent.click(within(columns[1]!).getByRole('button', { name: 'Stop this reply' }));
    expect(parallel.onStopAdded).toHaveBeenCalledTimes(1);
    expect(parallel.onStopFirst).not.toHaveBeenCalled();
    fireEvent.click(within(columns[0]!).getByRole('button', { name: 'Stop this reply' }));
    expect(parallel.onStopFirst).toHaveBeenCalledTimes(1);
  });

  it('offers no stop for a reply that has ended', () => {
    renderTurn(turn({ firstStreaming: false, addedStreaming: false }));
    expect(screen.getAllByTestId('parallel-reply')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Stop this reply' })).not.toBeInTheDocument();
  });

  it('shows one reply with its versions when the turn is not followed (after a reload)', () => {
    renderTurn(null);
    expect(screen.queryByRole('group', { name: 'Replies from two models' })).not.toBeInTheDocument();
    expect(screen.getByText('The tortoise, eventually')).toBeInTheDocument();
    expect(screen.queryByText('The hare.')).not.toBeInTheDocument();
  });
});
