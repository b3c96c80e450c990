import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import type { ChatMessage } from '../types';
import { chatKeys } from './chat-keys';
import { writeConversation, writeConversationTitle } from './conversation-cache';
import { mergeMessages, writeMessages } from './messages-cache';

const msg = (messageId: string, text = messageId): ChatMessage => ({
  messageId,
  conversationId: 'c1',
  parentMessageId: '0',
  sender: 'User',
  text,
  isCreatedByUser: true,
});

const wireConversation = {
  conversationId: 'c1',
  user: 'u1',
  title: 'New Chat',
  endpoint: 'Mistral',
  endpointType: 'custom',
  model: 'mistral-large',
  temperature: 0.3,
  isArchived: false,
  expiredAt: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:00:05.000Z',
};

describe('mergeMessages', () => {
  it('replaces messages where they stand, appends new ones and drops placeholders', () => {
    const merged = mergeMessages(
      [msg('a'), msg('b'), msg('client-1'), msg('client-1_')],
      [msg('b', 'B saved'), msg('c')],
      ['client-1', 'client-1_'],
    );
    expect(merged).toEqual([msg('a'), msg('b', 'B saved'), msg('c')]);
  });

  it('keeps a placeholder id the server reused (a continued reply keeps its id)', () => {
    expect(mergeMessages([msg('r')], [msg('r', 'longer')], ['r'])).toEqual([msg('r', 'longer')]);
  });
});

describe('writeMessages', () => {
  it('merges into a cached list', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(chatKeys.messages('c1'), [msg('a')]);
    writeMessages(queryClient, 'c1', [msg('b')]);
    expect(queryClient.getQueryData(chatKeys.messages('c1'))).toEqual([msg('a'), msg('b')]);
    expect(queryClient.getQueryState(chatKeys.messages('c1'))?.isInvalidated).toBe(false);
  });

  it('does not invent a list that was never loaded: it is marked for refetch instead', () => {
    const queryClient = createQueryClient();
    queryClient.getQueryCache().build(queryClient, { queryKey: chatKeys.messages('c1') });
    writeMessages(queryClient, 'c1', [msg('b')]);
    expect(queryClient.getQueryData(chatKeys.messages('c1'))).toBeUndefined();
    expect(queryClient.getQueryState(chatKeys.messages('c1'))?.isInvalidated).toBe(true);
  });
});

describe('writeConversation', () => {
  it('stores the conversation a final carries, with defaults for what it leaves out', () => {
    const queryClient = createQueryClient();
    writeConversation(queryClient, 'c1', { ...wireConversation, somethingNew: true });
    expect(queryClient.getQueryData(chatKeys.conversation('c1'))).toEqual({ ...wireConversation, tags: [] });
  });

  it('keeps the tags already known, and drops options the final no longer has', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(chatKeys.conversation('c1'), { ...wireConversation, top_p: 0.5, tags: ['work'] });
    writeConversation(queryClient, 'c1', { ...wireConversation, title: 'Renamed' });
    expect(queryClient.getQueryData(chatKeys.conversation('c1'))).toEqual({
      ...wireConversation,
      title: 'Renamed',
      tags: ['work'],
    });
  });

  it('refetches instead of storing something unreadable', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(chatKeys.conversation('c1'), { ...wireConversation, tags: [] });
    writeConversation(queryClient, 'c1', { conversationId: 'c1' });
    expect(queryClient.getQueryState(chatKeys.conversation('c1'))?.isInvalidated).toBe(true);
  });

  it('sets a generated title on the cached conversation', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(chatKeys.conversation('c1'), { ...wireConversation, tags: [] });
    writeConversationTitle(queryClient, 'c1', 'Lisbon trip');
    expect(queryClient.getQueryData(chatKeys.conversation('c1'))).toMatchObject({ title: 'Lisbon trip' });
  });
});
