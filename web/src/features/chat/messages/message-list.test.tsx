import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode, useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { at, chatMessage, messageChain } from '@/shared/conversation/tree/testing/chat-message';
import type { ChatMessage } from '@/shared/conversation/types';
import { setUsernameDisplay } from '@/shared/preferences/username-display';
import { mockFeedLayout, mockIntersectionObserver } from '@/testing/layout-mock';
import { type MessageActions, MessageList, type MessageListProps } from './message-list';

vi.mock('@/shared/message/content/rich-text', () => import('./testing/rich-text-stub'));
vi.mock('@/shared/preferences/chat-preferences', () => ({
  useChatPreferences: () => ({ enterToSend: true, showThinking: false, saveDrafts: true, set: () => {} }),
}));

const q1 = chatMessage({ messageId: 'q1', text: 'First question', endpoint: 'openAI', createdAt: at(0) });
const r1a = chatMessage({
  messageId: 'r1a',
  parentMessageId: 'q1',
  isCreatedByUser: false,
  text: 'Answer A',
  endpoint: 'openAI',
  createdAt: at(1),
});
const r1b = chatMessage({
  messageId: 'r1b',
  parentMessageId: 'q1',
  isCreatedByUser: false,
  text: 'Answer B',
  endpoint: 'openAI',
  finish_reason: 'length',
  createdAt: at(2),
});
const q2 = chatMessage({
  messageId: 'q2',
  parentMessageId: 'r1a',
  text: 'Follow-up',
  endpoint: 'openAI',
  createdAt: at(3),
});

function actionSpies(): { [K in keyof MessageActions]: ReturnType<typeof vi.fn<MessageActions[K]>> } {
  return {
    onEditSubmit: vi.fn<MessageActions['onEditSubmit']>(),
    onSaveEdit: vi.fn<MessageActions['onSaveEdit']>(),
    onRegenerate: vi.fn<MessageActions['onRegenerate']>(),
    onContinue: vi.fn<MessageActions['onContinue']>(),
  };
}

let layout: ReturnType<typeof mockFeedLayout>;
let io: ReturnType<typeof mockIntersectionObserver>;
beforeEach(() => {
  layout = mockFeedLayout({ viewportPx: 600, rowPx: 100 });
  io = mockIntersectionObserver();
  vi.stubGlobal('IntersectionObserver', io.FakeIntersectionObserver);
});
afterEach(() => {
  layout.restore();
  vi.useRealTimers();
});

function renderList(props: Partial<MessageListProps> = {}) {
  const actions = actionSpies();
  const base: MessageListProps = { messages: [q1, r1a, r1b, q2], isSubmitting: false, actions, conversationKey: 'c1' };
  const view = render(<MessageList {...base} {...props} />);
  const update = (next: Partial<MessageListProps>) => view.rerender(<MessageList {...base} {...props} {...next} />);
  return { ...view, actions, update };
}

const shownTexts = () =>
  within(screen.getByRole('feed'))
    .getAllByRole('article')
    .map((article) => article.querySelector('[data-testid="plain-text"], [data-testid="markdown"]')?.textContent);

describe('MessageList', () => {
  it('says nothing was found for an empty tree', () => {
    renderList({ messages: [] });
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
  });

  it('shows the current branch as a labelled feed of articles, the latest sibling by default', () => {
    renderList();
    const feed = screen.getByRole('feed', { name: 'Messages' });
    expect(feed).toHaveAttribute('aria-busy', 'false');
    expect(shownTexts()).toEqual(['First question', 'Answer B']);
    const articles = within(feed).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-posinset'))).toEqual(['1', '2']);
    expect(articles.every((article) => article.getAttribute('aria-setsize') === '2')).toBe(true);
    expect(within(articles[1]!).getByRole('group', { name: 'Message versions' })).toHaveTextContent('2 / 2');
  });

  it('names the user’s messages after them, “You” otherwise, and replies after their sender', () => {
    const { update } = renderList();
    expect(screen.getByRole('article', { name: 'You' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'GPT-4o' })).toBeInTheDocument();
    update({ userName: 'Ada Lovelace' });
    expect(screen.getByRole('article', { name: 'Ada Lovelace' })).toBeInTheDocument();
    // The Account tab's username display turned off: "You" again, at once.
    act(() => setUsernameDisplay(false));
    expect(screen.getByRole('article', { name: 'You' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
  });

  it('pages between versions, and shows the chosen version’s descendants', () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(shownTexts()).toEqual(['First question', 'Answer A', 'Follow-up']);
    expect(screen.getAllByRole('group', { name: 'Message versions' })[0]).toHaveTextContent('1 / 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(shownTexts()).toEqual(['First question', 'Answer B']);
  });

  it('switches to a regenerated reply as soon as it arrives', () => {
    const { update } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    const r1c = chatMessage({
      messageId: 'r1c',
      parentMessageId: 'q1',
      isCreatedByUser: false,
      text: '',
      endpoint: 'openAI',
    });
    update({ messages: [q1, r1a, r1b, q2, r1c], isSubmitting: true, streamingMessageId: 'r1c' });
    expect(screen.getByRole('group', { name: 'Message versions' })).toHaveTextContent('3 / 3');
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('streaming-cursor')).toBeInTheDocument();
  });

  it('edits a user message and submits it as a new branch with Ctrl+Enter, then returns focus to Edit', () => {
    const { actions } = renderList();
    const question = screen.getByRole('article', { name: 'You' });
    fireEvent.click(within(question).getByRole('button', { name: 'Edit' }));
    const editor = within(question).getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveValue('First question');
    fireEvent.change(editor, { target: { value: 'Better question' } });
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    expect(actions.onEditSubmit).toHaveBeenCalledExactlyOnceWith(q1, 'Better question');
    expect(actions.onSaveEdit).not.toHaveBeenCalled();
    expect(within(question).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('saves a reply in place with Save, and cancels with Escape', () => {
    const { actions } = renderList();
    const reply = screen.getByRole('article', { name: 'GPT-4o' });
    fireEvent.click(within(reply).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(reply).getByRole('textbox'), { target: { value: 'Answer B, fixed' } });
    fireEvent.click(within(reply).getByRole('button', { name: 'Save' }));
    expect(actions.onSaveEdit).toHaveBeenCalledExactlyOnceWith(r1b, 'Answer B, fixed');

    fireEvent.click(within(reply).getByRole('button', { name: 'Edit' }));
    fireEvent.keyDown(within(reply).getByRole('textbox'), { key: 'Escape' });
    expect(within(reply).queryByRole('textbox')).not.toBeInTheDocument();
    expect(actions.onSaveEdit).toHaveBeenCalledTimes(1);
    expect(actions.onEditSubmit).not.toHaveBeenCalled();
  });

  it('drops an open editor when another conversation is shown', () => {
    const { update } = renderList();
    fireEvent.click(within(screen.getByRole('article', { name: 'You' })).getByRole('button', { name: 'Edit' }));
    update({ conversationKey: 'c2' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('regenerates and continues through the page’s actions', () => {
    const { actions } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(actions.onRegenerate).toHaveBeenCalledExactlyOnceWith(r1b);
    expect(actions.onContinue).toHaveBeenCalledExactlyOnceWith(r1b);
  });

  it('treats a custom endpoint’s own name as custom, and uses the conversation’s endpoint for messages without one', () => {
    const custom = (message: ChatMessage) => ({ ...message, endpoint: 'Mistral' });
    const { update } = renderList({ messages: [custom(q1), custom(r1b)] });
    expect(
      within(screen.getByRole('article', { name: 'GPT-4o' })).getByRole('button', { name: 'Edit' }),
    ).toBeInTheDocument();

    const bare = (message: ChatMessage) => ({ ...message, endpoint: null });
    update({ messages: [bare(q1), bare(r1b)], endpoint: 'assistants' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });

  it('offers nothing that changes the conversation when read-only', () => {
    renderList({ readOnly: true });
    expect(screen.getAllByRole('button', { name: 'Copy to clipboard' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Edit|Regenerate|Continue/ })).not.toBeInTheDocument();
  });
});

describe('MessageList virtualisation and scrolling', () => {
  it('draws only a window of a 1,000-message conversation, opened at its end', async () => {
    renderList({ messages: messageChain(1000) });
    await act(async () => {});
    const articles = within(screen.getByRole('feed')).getAllByRole('article');
    expect(articles.length).toBeLessThan(40);
    expect(articles[0]).toHaveAttribute('aria-setsize', '1000');
    expect(articles.at(-1)).toHaveAttribute('aria-posinset', '1000');
    expect(screen.queryByText('text of m0')).not.toBeInTheDocument();
    // The end: the rows' total (measured where drawn, estimated elsewhere), less the 600 px
    // viewport, once heights have settled (the list's last jump, MESSAGE_SCROLL_DEBOUNCE_MS).
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    const feed = screen.getByRole('feed');
    expect(feed.scrollHeight).toBeGreaterThan(50_000);
    expect(layout.scrollCalls.at(-1)?.top).toBeGreaterThanOrEqual(feed.scrollHeight - feed.clientHeight - 24);
  });

  it('draws a long conversation’s end in its first commit, before any effect has measured the feed', () => {
    // Read in the layout phase of the commit that first puts the feed in the page: the
    // virtualiser's own layout effects have run by then, but no update they schedule has. A feed
    // drawing its rows only in a later render makes the browser run every effect of the opened
    // page before the first paint of the last message.
    let firstCommit: string[] | null = null;
    function FirstCommitProbe({ children }: { children: ReactNode }) {
      useLayoutEffect(() => {
        firstCommit ??= [...document.querySelectorAll('article')].map(
          (article) => article.getAttribute('aria-posinset') ?? '',
        );
      }, []);
      return children;
    }
    const actions = actionSpies();
    render(
      <FirstCommitProbe>
        <MessageList messages={messageChain(1000)} isSubmitting={false} actions={actions} conversationKey="c1" />
      </FirstCommitProbe>,
    );
    expect(firstCommit).not.toBeNull();
    const drawn = firstCommit!.map(Number);
    expect(drawn.at(-1)).toBe(1000);
    // Only a window of rows, all near the end.
    expect(drawn.length).toBeLessThan(40);
    expect(Math.min(...drawn)).toBeGreaterThan(900);
  });

  it('draws none of a long conversation’s first messages on the way to its end', async () => {
    const drawn = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const article of document.querySelectorAll('article'))
        drawn.add(article.getAttribute('aria-posinset') ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderList({ messages: messageChain(1000) });
    await act(async () => {});
    observer.disconnect();
    expect(drawn.size).toBeGreaterThan(0);
    expect(Math.min(...[...drawn].map(Number))).toBeGreaterThan(900);
  });

  it('moves between messages with PageUp and PageDown (feed pattern)', async () => {
    vi.useFakeTimers();
    renderList({ messages: messageChain(30) });
    await act(async () => {});
    const articles = within(screen.getByRole('feed')).getAllByRole('article');
    const last = articles.at(-1)!;
    last.focus();
    fireEvent.keyDown(last, { key: 'PageUp' });
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(document.activeElement).toHaveAttribute('aria-posinset', '29');
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(document.activeElement).toHaveAttribute('aria-posinset', '30');
  });

  it('shows a scroll-to-bottom button when the end marker is less than 85% visible, and scrolls smoothly with it', () => {
    vi.useFakeTimers();
    renderList({ messages: messageChain(50) });
    const marker = screen.getByTestId('messages-end');
    expect(
      io.observers.some((observer) => observer.targets.includes(marker) && observer.options?.threshold === 0.85),
    ).toBe(true);

    act(() => io.report(0.5));
    act(() => {
      vi.advanceTimersByTime(150);
    });
    const button = screen.getByRole('button', { name: 'Scroll to bottom' });
    fireEvent.click(button);
    expect(layout.scrollCalls.at(-1)).toMatchObject({ behavior: 'smooth' });
    expect(screen.getByRole('feed')).toHaveFocus();

    act(() => io.report(1));
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).not.toBeInTheDocument();
  });
});
