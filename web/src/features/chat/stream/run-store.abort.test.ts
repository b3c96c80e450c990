import { describe, expect, it } from 'vitest';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { NO_PARENT, PENDING_CONVERSATION, type SendRequest } from '@/shared/conversation/types';
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
  USER_MESSAGE_ID,
  userMessage,
} from './testing/sse';

const send = (overrides: Partial<SendRequest> = {}): SendRequest => ({
  mode: 'normal',
  text: 'Hello there',
  conversationId: CONVERSATION_ID,
  parentMessageId: 'earlier-reply',
  setup: { endpoint: 'openAI', model: 'gpt-4o-mini' },
  ...overrides,
});

const partialReply = replyMessage({
  text: 'Hi! ',
  content: [{ type: 'text', text: 'Hi! ' }],
  // Stopped by the user: incomplete (it can be continued), but not unfinished.
  unfinished: false,
  finish_reason: 'incomplete',
});
const abortAnswer = {
  final: true,
  conversation: savedConversation(),
  requestMessage: userMessage(),
  responseMessage: partialReply,
};

/** A send that is streaming "Hi! " and never finishes on its own, plus the abort's answer. */
async function streamingRun(abort: () => Response | Promise<Response>, req: SendRequest = send()) {
  const live = liveSseResponse();
  const fetch = mockFetch((call) => (call.url.endsWith('/abort') ? abort() : live.response));
  const h = runHarness();
  h.store.send(req);
  live.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
  await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toMatch(/Hi! $/));
  return { ...h, ...fetch, live };
}

describe('abort', () => {
  it('posts the abort key and endpoint, then saves the partial reply it answers', async () => {
    const h = await streamingRun(() => jsonResponse(abortAnswer));
    h.queryClient.setQueryData(chatKeys.messages(CONVERSATION_ID), []);
    await h.store.abort(CONVERSATION_ID);
    const [call] = h.callsTo('/api/ask/openAI/abort');
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.body ?? '')).toEqual({ abortKey: `${CONVERSATION_ID}:${REPLY_ID}`, endpoint: 'openAI' });
    expect(h.run(CONVERSATION_ID)).toMatchObject({ status: 'aborted', responseMessage: partialReply });
    expect(h.messages(CONVERSATION_ID)).toEqual([userMessage(), partialReply]);
    expect(h.conversation(CONVERSATION_ID)).toMatchObject({ conversationId: CONVERSATION_ID });
    // The stream's own copy of the final, arriving later, changes nothing.
    h.live.push(finalFrame());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.run(CONVERSATION_ID)?.responseMessage).toEqual(partialReply);
  });

  it.each([
    ['204', () => new Response(null, { status: 204 })],
    ['200 without a body', () => new Response(null, { status: 200 })],
    ['404', () => jsonResponse({ message: 'Conversation not found' }, 404)],
  ])('just ends the run on %s', async (_, answer) => {
    const h = await streamingRun(answer);
    await h.store.abort(CONVERSATION_ID);
    expect(h.run(CONVERSATION_ID)?.status).toBe('aborted');
    expect(h.run(CONVERSATION_ID)?.abortError).toBeUndefined();
  });

  it.each([
    [
      'the server message of an unexpected status',
      () => jsonResponse({ message: 'Something broke' }, 500),
      'Something broke',
    ],
    ['the network error', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
    [
      '"Error cancelling request." for an error without a message',
      () => Promise.reject(new Error('')),
      'Error cancelling request.',
    ],
  ])('shows %s and keeps the run going', async (_, answer, shown) => {
    const h = await streamingRun(answer);
    await h.store.abort(CONVERSATION_ID);
    expect(h.run(CONVERSATION_ID)).toMatchObject({ status: 'streaming', abortError: shown });
    // Still streaming: more text arrives, and stopping again is possible.
    h.live.push(textFrame('step_1', 'more'));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! more'));
  });

  it('stops a new conversation as soon as created names it', async () => {
    const live = liveSseResponse();
    const { callsTo } = mockFetch((call) => (call.url.endsWith('/abort') ? jsonResponse(abortAnswer) : live.response));
    const h = runHarness();
    const page = h.watch(PENDING_CONVERSATION);
    h.store.send(send({ conversationId: null, parentMessageId: NO_PARENT }));
    const stopping = h.store.abort(PENDING_CONVERSATION);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(callsTo('/api/ask/openAI/abort')).toHaveLength(0);
    live.push(createdFrame());
    await stopping;
    expect(JSON.parse(callsTo('/api/ask/openAI/abort')[0]?.body ?? '').abortKey).toMatch(
      new RegExp(`^${CONVERSATION_ID}:`),
    );
    expect(h.run(PENDING_CONVERSATION)?.status).toBe('aborted');
    page.stop();
  });

  it('aborts an edit at the edit path, naming the custom endpoint', async () => {
    const req = send({
      mode: 'continue',
      setup: { endpoint: 'Mistral', endpointType: 'custom' },
      responseMessageId: REPLY_ID,
      parentMessageId: USER_MESSAGE_ID,
      generation: 'Hi',
    });
    const h = await streamingRun(() => new Response(null, { status: 204 }), req);
    await h.store.abort(CONVERSATION_ID);
    expect(JSON.parse(h.callsTo('/api/edit/custom/abort')[0]?.body ?? '')).toMatchObject({ endpoint: 'Mistral' });
  });

  it('does nothing when nothing is submitting', async () => {
    const { calls } = mockFetch(() => jsonResponse({}));
    const h = runHarness();
    await h.store.abort(CONVERSATION_ID);
    expect(calls).toHaveLength(0);
  });
});
