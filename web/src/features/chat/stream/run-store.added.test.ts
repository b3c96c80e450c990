import { describe, expect, it } from 'vitest';
import { NO_PARENT, PENDING_CONVERSATION, type SendRequest } from '@/shared/conversation/types';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { addedRunKey, type AddedModel } from './added-run';
import { eventually, runHarness } from './testing/run-harness';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  replyMessage,
  runStepFrame,
  textFrame,
  USER_MESSAGE_ID,
  userMessage,
} from './testing/sse';

const newChat: SendRequest = {
  mode: 'normal',
  text: 'Hello there',
  conversationId: 'new',
  parentMessageId: NO_PARENT,
  setup: { endpoint: 'openAI', model: 'gpt-4o-mini' },
};
const claude: AddedModel = { setup: { endpoint: 'anthropic', model: 'claude-3-5-haiku' }, label: 'claude-3-5-haiku' };
const SECOND_ID = 'c8f3e4d5-3333-4a7b-8c1d-2e3f4a5b6c7d';
const secondReply = replyMessage({
  messageId: SECOND_ID,
  sender: 'Claude',
  endpoint: 'anthropic',
  model: 'claude-3-5-haiku',
  text: 'Hello from Claude',
  content: [{ type: 'text', text: 'Hello from Claude' }],
});

/** The first reply and the added one, each on a live stream of its own. */
function twoStreams() {
  const first = liveSseResponse();
  const second = liveSseResponse();
  const { calls } = mockFetch((call) => {
    if (call.url === '/api/ask/openAI') return first.response;
    if (call.url === '/api/ask/anthropic') return second.response;
    if (call.url === '/api/ask/anthropic/abort') return jsonResponse({}, 200);
    return new Response(null, { status: 204 });
  });
  return { first, second, calls };
}

describe('a send with an added model (the + command)', () => {
  it('sends the second reply once `created` names the user message, and streams both apart', async () => {
    const { first, second, calls } = twoStreams();
    const h = runHarness();
    h.store.send(newChat, claude);
    await eventually(() => expect(calls).toHaveLength(1));
    // Nothing is added before the first send's message exists on the server.
    first.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/ask/anthropic');
    expect(JSON.parse(calls[1]?.body ?? '')).toMatchObject({
      text: 'Hello there',
      endpoint: 'anthropic',
      model: 'claude-3-5-haiku',
      conversationId: CONVERSATION_ID,
      overrideConvoId: CONVERSATION_ID,
      overrideUserMessageId: USER_MESSAGE_ID,
      parentMessageId: NO_PARENT,
    });
    // The added reply shows at once under the same user message, named by its own model.
    expect(h.run(addedRunKey(CONVERSATION_ID))).toMatchObject({
      status: 'connecting',
      conversationId: CONVERSATION_ID,
      requestMessage: { messageId: USER_MESSAGE_ID },
      responseMessage: { parentMessageId: USER_MESSAGE_ID, model: 'claude-3-5-haiku' },
    });

    second.push(createdFrame() + runStepFrame('step_a', 0, SECOND_ID) + textFrame('step_a', 'Hello from'));
    await eventually(() => expect(h.run(addedRunKey(CONVERSATION_ID))?.responseMessage?.text).toBe('Hello from'));
    // The first run is still the conversation's own: the added one never takes its key.
    expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! ');

    first.push(textFrame('step_1', 'How can I help?') + finalFrame());
    first.close();
    second.push(textFrame('step_a', ' Claude') + finalFrame(secondReply));
    second.close();
    await eventually(() => expect(h.run(addedRunKey(CONVERSATION_ID))?.status).toBe('done'));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    // Both replies are saved as siblings under the one user message.
    expect(h.messages(CONVERSATION_ID)).toEqual(expect.arrayContaining([userMessage(), replyMessage(), secondReply]));
    expect(h.messages(CONVERSATION_ID)).toHaveLength(3);
  });

  it('posts an added agent to the agents route with its id, its reply named after the agent', async () => {
    const first = liveSseResponse();
    const second = liveSseResponse();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/ask/openAI') return first.response;
      if (call.url === '/api/agents/chat') return second.response;
      return new Response(null, { status: 204 });
    });
    const guide: AddedModel = {
      setup: { endpoint: 'agents', endpointType: 'agents', agent_id: 'agent_guide' },
      label: 'Tour Guide',
      replyLabel: 'Tour Guide',
    };
    const h = runHarness();
    h.store.send(newChat, guide);
    first.push(createdFrame());
    await eventually(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/agents/chat');
    expect(JSON.parse(calls[1]?.body ?? '')).toMatchObject({
      endpoint: 'agents',
      agent_id: 'agent_guide',
      overrideConvoId: CONVERSATION_ID,
      overrideUserMessageId: USER_MESSAGE_ID,
    });
    expect(h.run(addedRunKey(CONVERSATION_ID))?.responseMessage).toMatchObject({
      sender: 'Tour Guide',
      parentMessageId: USER_MESSAGE_ID,
    });
    first.close();
    second.close();
  });

  it('adds nothing when the first send is refused before `created`', async () => {
    const { calls } = mockFetch(() => jsonResponse({ message: 'Too many' }, 429));
    const h = runHarness();
    const page = h.watch(PENDING_CONVERSATION);
    h.store.send(newChat, claude);
    await eventually(() => expect(h.run(PENDING_CONVERSATION)?.status).toBe('error'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(1);
    page.stop();
  });

  it('stops the added reply alone, with `added: true`', async () => {
    const { first, second, calls } = twoStreams();
    const h = runHarness();
    h.store.send({ ...newChat, conversationId: CONVERSATION_ID, parentMessageId: 'earlier' }, claude);
    first.push(createdFrame(userMessage({ parentMessageId: 'earlier' })));
    await eventually(() => expect(calls).toHaveLength(2));
    second.push(createdFrame(userMessage({ parentMessageId: 'earlier' })) + runStepFrame('step_a', 0, SECOND_ID));
    await eventually(() => expect(h.run(addedRunKey(CONVERSATION_ID))?.status).toBe('streaming'));
    await h.store.abort(addedRunKey(CONVERSATION_ID));
    const abort = calls.find((call) => call.url === '/api/ask/anthropic/abort');
    expect(JSON.parse(abort?.body ?? '')).toEqual({
      abortKey: `${CONVERSATION_ID}:${SECOND_ID}`,
      endpoint: 'anthropic',
      added: true,
    });
    expect(h.run(addedRunKey(CONVERSATION_ID))?.status).toBe('aborted');
    expect(h.run(CONVERSATION_ID)?.status).toBe('streaming');
  });

  it('resumes the added reply on its own path and key', async () => {
    const live = liveSseResponse();
    const { calls } = mockFetch(() => live.response);
    const h = runHarness();
    const resuming = h.store.resume(CONVERSATION_ID, 'added');
    live.push(createdFrame() + runStepFrame('step_a', 0, SECOND_ID) + textFrame('step_a', 'Hello from'));
    await eventually(() => expect(h.run(addedRunKey(CONVERSATION_ID))?.responseMessage?.text).toBe('Hello from'));
    expect(calls[0]?.url).toBe(`/api/ask/stream/${CONVERSATION_ID}?added=1`);
    expect(h.run(CONVERSATION_ID)).toBeNull();
    live.push(textFrame('step_a', ' Claude') + finalFrame(secondReply));
    live.close();
    await resuming;
    expect(h.run(addedRunKey(CONVERSATION_ID))?.status).toBe('done');
  });
});
