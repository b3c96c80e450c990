import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { writeConversation, writeConversationTitle } from '@/shared/conversation/api/conversation-cache';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { conversation, listData, listItem, page } from '@/shared/conversation/testing/fixtures';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import type { ListData } from '@/shared/conversation/api/list-cache';
import { subscribeListToChat } from './sync-from-chat';

const listKey = convoKeys.list({ isArchived: false });

function setup(data: ListData) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(listKey, data);
  const unsubscribe = subscribeListToChat(queryClient);
  const titles = () =>
    queryClient.getQueryData<ListData>(listKey)?.pages.map((p) => p.conversations.map((c) => c.title));
  return { queryClient, unsubscribe, titles };
}

describe('the list follows the chat’s conversation cache', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('puts a conversation the chat just saved at the top of the first page', () => {
    const { queryClient, unsubscribe, titles } = setup(
      listData(page([listItem('a', 5, 'A')], 'next'), page([listItem('b', 60, 'B')])),
    );
    cleanup = unsubscribe;
    // What the stream's `final` writes for a new conversation.
    writeConversation(queryClient, 'new1', conversation(listItem('new1', 0, 'New Chat')));
    expect(titles()).toEqual([['New Chat', 'A'], ['B']]);
  });

  it('shows a generated title in place, without moving the row', () => {
    const { queryClient, unsubscribe, titles } = setup(
      listData(page([listItem('a', 5, 'A'), listItem('b', 60, 'New Chat')])),
    );
    cleanup = unsubscribe;
    queryClient.setQueryData(chatKeys.conversation('b'), conversation(listItem('b', 60, 'New Chat')));
    writeConversationTitle(queryClient, 'b', 'Debouncing in React');
    expect(titles()).toEqual([['A', 'Debouncing in React']]);
  });

  it('moves a conversation with a newer reply to the top', () => {
    const { queryClient, unsubscribe, titles } = setup(listData(page([listItem('a', 5, 'A'), listItem('b', 60, 'B')])));
    cleanup = unsubscribe;
    writeConversation(queryClient, 'b', conversation(listItem('b', 0, 'B')));
    expect(titles()).toEqual([['B', 'A']]);
  });

  it('leaves out an older conversation opened by link while later pages are not loaded', () => {
    const { queryClient, unsubscribe, titles } = setup(listData(page([listItem('a', 5, 'A')], 'next')));
    cleanup = unsubscribe;
    queryClient.setQueryData(chatKeys.conversation('old'), conversation(listItem('old', 60 * 24 * 90, 'Old')));
    expect(titles()).toEqual([['A']]);
  });

  it('ignores archived and temporary conversations, and stops when unsubscribed', () => {
    const { queryClient, unsubscribe, titles } = setup(listData(page([listItem('a', 5, 'A')])));
    queryClient.setQueryData(chatKeys.conversation('t'), conversation(listItem('t', 0, 'Temp'), { isTemporary: true }));
    queryClient.setQueryData(
      chatKeys.conversation('x'),
      conversation(listItem('x', 0, 'Archived'), { isArchived: true }),
    );
    unsubscribe();
    queryClient.setQueryData(chatKeys.conversation('late'), conversation(listItem('late', 0, 'Late')));
    expect(titles()).toEqual([['A']]);
  });
});
