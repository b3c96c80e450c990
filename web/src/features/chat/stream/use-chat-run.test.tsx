import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { NO_PARENT, type SendRequest } from '@/shared/conversation/types';
import { mockFetch } from '@/testing/fetch-mock';
import { eventually } from './testing/run-harness';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  replyMessage,
  runStepFrame,
  textFrame,
} from './testing/sse';
import { useChatRun } from './use-chat-run';

const newChat: SendRequest = {
  mode: 'normal',
  text: 'Hello there',
  conversationId: 'new',
  parentMessageId: NO_PARENT,
  setup: { endpoint: 'openAI', model: 'gpt-4o-mini' },
};

function renderChatRun(initialId: string) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(({ id }: { id: string }) => useChatRun(id), { wrapper, initialProps: { id: initialId } });
}

describe('useChatRun', () => {
  it('follows a new conversation from /c/new to /c/{id} as the page navigates', async () => {
    const live = liveSseResponse();
    mockFetch(() => live.response);
    const { result, rerender } = renderChatRun('new');
    expect(result.current).toMatchObject({ run: null, isSubmitting: false });

    act(() => result.current.send(newChat));
    expect(result.current.isSubmitting).toBe(true);
    expect(result.current.run?.requestMessage?.text).toBe('Hello there');

    live.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(result.current.run?.conversationId).toBe(CONVERSATION_ID));

    // The page replaces /c/new with /c/{id}: the same run goes on there.
    rerender({ id: CONVERSATION_ID });
    expect(result.current.run?.responseMessage?.text).toBe('Hi! ');
    expect(result.current.isSubmitting).toBe(true);

    live.push(textFrame('step_1', 'How can ') + textFrame('step_1', 'I help?') + finalFrame());
    live.close();
    await eventually(() => expect(result.current.run?.status).toBe('done'));
    expect(result.current.isSubmitting).toBe(false);
    expect(result.current.run?.responseMessage).toEqual(replyMessage());

    // Back on /c/new, nothing of that conversation remains.
    rerender({ id: 'new' });
    await eventually(() => expect(result.current.run).toBeNull());
  });

  it('keeps its functions stable across renders', () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const { result, rerender } = renderChatRun(CONVERSATION_ID);
    const first = result.current;
    rerender({ id: CONVERSATION_ID });
    expect(result.current.send).toBe(first.send);
    expect(result.current.abort).toBe(first.abort);
    expect(result.current.resume).toBe(first.resume);
  });

  it('clears a finished run', async () => {
    mockFetch(() => new Response(createdFrame() + finalFrame(), { headers: { 'Content-Type': 'text/event-stream' } }));
    const { result } = renderChatRun(CONVERSATION_ID);
    act(() => result.current.send({ ...newChat, conversationId: CONVERSATION_ID, parentMessageId: 'earlier' }));
    await eventually(() => expect(result.current.run?.status).toBe('done'));
    act(() => result.current.clear());
    expect(result.current.run).toBeNull();
  });
});
