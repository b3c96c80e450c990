import { describe, expect, it } from 'vitest';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { eventually, runHarness } from './testing/run-harness';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  REPLY_ID,
  replyMessage,
  runStepFrame,
  savedConversation,
  textFrame,
  userMessage,
} from './testing/sse';

describe('resume', () => {
  it('shows nothing when no run is live (204)', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    const h = runHarness();
    const page = h.watch(CONVERSATION_ID);
    await h.store.resume(CONVERSATION_ID);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET /api/ask/stream/${CONVERSATION_ID}`]);
    expect(h.run(CONVERSATION_ID)).toBeNull();
    expect(page.views).toEqual([]);
    page.stop();
  });

  it("shows nothing for a conversation that is not the user's (404)", async () => {
    mockFetch(() => jsonResponse({ message: 'Conversation not found' }, 404));
    const h = runHarness();
    await h.store.resume(CONVERSATION_ID);
    expect(h.run(CONVERSATION_ID)).toBeNull();
  });

  it('replays the run from its start, then follows it live to final', async () => {
    const live = liveSseResponse();
    mockFetch(() => live.response);
    const h = runHarness();
    h.queryClient.setQueryData(chatKeys.conversation(CONVERSATION_ID), { ...savedConversation(), tags: [] });
    h.queryClient.setQueryData(chatKeys.messages(CONVERSATION_ID), []);
    const resuming = h.store.resume(CONVERSATION_ID);
    live.push(
      createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! ') + textFrame('step_1', 'How can '),
    );
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! How can '));
    expect(h.run(CONVERSATION_ID)).toMatchObject({
      status: 'streaming',
      conversationId: CONVERSATION_ID,
      requestMessage: userMessage(),
      // Named as the server will save it, from the cached conversation's setup.
      responseMessage: { messageId: REPLY_ID, sender: 'GPT-4o' },
    });
    live.push(textFrame('step_1', 'I help?') + finalFrame());
    live.close();
    await resuming;
    expect(h.run(CONVERSATION_ID)?.status).toBe('done');
    expect(h.messages(CONVERSATION_ID)).toEqual([userMessage(), replyMessage()]);
  });

  it('names a reply resumed before the page loaded its conversation as a live one, before final', async () => {
    const live = liveSseResponse();
    mockFetch(() => live.response);
    const h = runHarness();
    // A reload: the run is re-attached while the conversation is still on its way.
    const resuming = h.store.resume(CONVERSATION_ID);
    live.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! '));
    expect(h.run(CONVERSATION_ID)?.responseMessage?.sender).toBe('');
    // The conversation lands while the reply pauses: the name follows without another frame.
    h.queryClient.setQueryData(chatKeys.conversation(CONVERSATION_ID), { ...savedConversation(), tags: [] });
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.sender).toBe('GPT-4o'));
    live.push(textFrame('step_1', 'How can '));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! How can '));
    expect(h.run(CONVERSATION_ID)?.responseMessage?.sender).toBe('GPT-4o');
    live.push(finalFrame());
    live.close();
    await resuming;
  });

  it("names a resumed custom endpoint's reply by its display label once the endpoints load", async () => {
    const live = liveSseResponse();
    mockFetch(() => live.response);
    const h = runHarness();
    h.queryClient.setQueryData(chatKeys.conversation(CONVERSATION_ID), {
      ...savedConversation({ endpoint: 'Demo (mock)', endpointType: 'custom', model: 'mock-fast' }),
      tags: [],
    });
    const resuming = h.store.resume(CONVERSATION_ID);
    live.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! '));
    h.queryClient.setQueryData(endpointsQueryOptions.queryKey, {
      'Demo (mock)': { order: 0, type: 'custom', modelDisplayLabel: 'Mock Bot' },
    });
    live.push(textFrame('step_1', 'There.'));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! There.'));
    expect(h.run(CONVERSATION_ID)?.responseMessage?.sender).toBe('Mock Bot');
    live.push(finalFrame());
    live.close();
    await resuming;
  });

  it('does not attach twice: not while this tab follows the run, nor while a resume is on its way', async () => {
    const live = liveSseResponse();
    const { callsTo } = mockFetch(() => live.response);
    const h = runHarness();
    const first = h.store.resume(CONVERSATION_ID);
    const second = h.store.resume(CONVERSATION_ID);
    live.push(createdFrame());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('streaming'));
    await h.store.resume(CONVERSATION_ID);
    await second;
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(1);
    live.close();
    await first;
  });

  it.each(['new', 'PENDING', 'search', ''])('never asks for %s', async (id) => {
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    const h = runHarness();
    await h.store.resume(id);
    expect(calls).toHaveLength(0);
  });
});
