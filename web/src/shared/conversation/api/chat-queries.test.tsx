import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useModels } from '@/shared/config/api/get-models';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { queryWrapper } from '@/testing/query-wrapper';
import { chatKeys } from './chat-keys';
import { useConversation } from './get-conversation';
import { messagesQueryOptions, useMessages } from './get-messages';

const message = {
  messageId: 'm1',
  conversationId: 'c1',
  parentMessageId: '0',
  sender: 'User',
  text: 'Hi',
  isCreatedByUser: true,
};

describe('useMessages', () => {
  it.each(['new', 'PENDING', 'search', null])('fetches nothing for %s and shows an empty list', async (id) => {
    const { calls } = mockFetch(() => jsonResponse([message]));
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useMessages(id), { wrapper });
    expect(result.current.data).toEqual([]);
    expect(result.current.isPending).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(0);
  });

  it("fetches a saved conversation's messages once while they are fresh", async () => {
    const { callsTo } = mockFetch(() => jsonResponse([message]));
    const { wrapper } = queryWrapper();
    const first = renderHook(() => useMessages('c1'), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual([message]));
    const second = renderHook(() => useMessages('c1'), { wrapper });
    expect(second.result.current.data).toEqual([message]);
    expect(callsTo('/api/messages/c1')).toHaveLength(1);
  });

  it('keeps lists fresh 5 minutes and cached 30 minutes', () => {
    const options = messagesQueryOptions('c1');
    expect(options.staleTime).toBe(5 * 60_000);
    expect(options.gcTime).toBe(30 * 60_000);
    expect(options.queryKey).toEqual(chatKeys.messages('c1'));
  });
});

describe('useConversation', () => {
  it('fetches a saved conversation, and nothing for new', async () => {
    const { calls } = mockFetch(() => jsonResponse({ conversationId: 'c1', title: 'Trip' }));
    const { wrapper } = queryWrapper();
    const saved = renderHook(() => useConversation('c1'), { wrapper });
    await waitFor(() => expect(saved.result.current.data).toMatchObject({ title: 'Trip' }));
    renderHook(() => useConversation('new'), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.map((call) => call.url)).toEqual(['/api/convos/c1']);
  });
});

describe('useModels', () => {
  it('reads the model lists by endpoint', async () => {
    mockFetch(() => jsonResponse({ openAI: ['gpt-4o-mini'], Mistral: ['mistral-large'] }));
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useModels(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ openAI: ['gpt-4o-mini'], Mistral: ['mistral-large'] }));
  });
});
