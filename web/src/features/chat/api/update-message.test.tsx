import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import type { ChatMessage } from '@/shared/conversation/types';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { queryWrapper } from '@/testing/query-wrapper';
import { useUpdateMessage } from './update-message';

const stored = (text: string): ChatMessage => ({
  messageId: 'm 2',
  conversationId: 'c1',
  parentMessageId: 'm1',
  sender: 'GPT-4o',
  text,
  isCreatedByUser: false,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  error: false,
  unfinished: false,
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:05:00.000Z',
});

describe('useUpdateMessage', () => {
  it('puts the new text and puts the saved message in the cached list', async () => {
    const { calls } = mockFetch(() => jsonResponse(stored('Edited')));
    const { queryClient, wrapper } = queryWrapper();
    const other = { ...stored('Question'), messageId: 'm1', isCreatedByUser: true };
    queryClient.setQueryData(chatKeys.messages('c1'), [other, stored('Original')]);
    const { result } = renderHook(() => useUpdateMessage(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ conversationId: 'c1', messageId: 'm 2', text: 'Edited', model: 'gpt-4o-mini' }),
    );
    expect(calls[0]).toMatchObject({ url: '/api/messages/c1/m%202', method: 'PUT' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ text: 'Edited', model: 'gpt-4o-mini' });
    expect(queryClient.getQueryData(chatKeys.messages('c1'))).toEqual([other, stored('Edited')]);
  });

  it('sends the content part index of a part edit', async () => {
    const { calls } = mockFetch(() => jsonResponse(stored('x')));
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useUpdateMessage(), { wrapper });
    await act(() => result.current.mutateAsync({ conversationId: 'c1', messageId: 'm1', text: 'Part', index: 2 }));
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ text: 'Part', index: 2 });
  });
});
