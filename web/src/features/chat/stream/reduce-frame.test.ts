import { describe, expect, it } from 'vitest';
import type { SendRequest } from '@/shared/conversation/types';
import { resumeExchange, sendExchange } from './live-exchange';
import { reduceFrame } from './reduce-frame';
import { draw } from './testing/draw';
import {
  CONVERSATION_ID,
  createdFrame,
  errorFrame,
  finalFrame,
  legacyFrame,
  NO_PARENT,
  REPLY_ID,
  replyMessage,
  runStepFrame,
  sse,
  textFrame,
  thinkFrame,
  toolStepFrame,
  USER_MESSAGE_ID,
  userMessage,
  wholeReply,
} from './testing/sse';

const identity = { messageId: 'client-1', clientTimestamp: '2025-05-01T12:00:00' };
const newChat: SendRequest = {
  mode: 'normal',
  text: 'Hello there',
  conversationId: null,
  parentMessageId: NO_PARENT,
  setup: { endpoint: 'openAI', model: 'gpt-4o-mini' },
};

/** Every chunk size a network might cut the stream into, from single characters up. */
const CHUNK_SIZES = [1, 3, 16, 100, 100_000];

describe('a send starts from placeholders', () => {
  it('shows the user message and an empty reply under client ids until the server answers', () => {
    const state = sendExchange(newChat, identity);
    expect(state.conversationId).toBeNull();
    expect(state.requestMessage).toMatchObject({
      messageId: 'client-1',
      parentMessageId: NO_PARENT,
      text: 'Hello there',
      isCreatedByUser: true,
      sender: 'User',
    });
    expect(state.responseMessage).toMatchObject({
      messageId: 'client-1_',
      parentMessageId: 'client-1',
      text: '',
      isCreatedByUser: false,
      sender: 'GPT-4o',
    });
  });

  it('continues the existing reply, starting from its text', () => {
    const state = sendExchange(
      {
        ...newChat,
        mode: 'continue',
        conversationId: CONVERSATION_ID,
        parentMessageId: USER_MESSAGE_ID,
        responseMessageId: REPLY_ID,
        generation: 'Once upon',
      },
      identity,
    );
    expect(state.requestMessage).toBeNull();
    expect(state.responseMessage).toMatchObject({
      messageId: REPLY_ID,
      parentMessageId: USER_MESSAGE_ID,
      text: 'Once upon',
      content: [{ type: 'text', text: 'Once upon' }],
    });
  });

  it('edits a user message as a new message under the original parent', () => {
    const state = sendExchange(
      { ...newChat, mode: 'edit', text: 'Hello again', conversationId: CONVERSATION_ID, parentMessageId: 'reply-0' },
      identity,
    );
    expect(state.requestMessage).toMatchObject({
      messageId: 'client-1',
      parentMessageId: 'reply-0',
      text: 'Hello again',
    });
    expect(state.responseMessage).toMatchObject({ messageId: 'client-1_', parentMessageId: 'client-1' });
  });

  it('edits a reply as a new reply under its user message, starting from the edited text', () => {
    const state = sendExchange(
      {
        ...newChat,
        mode: 'edit',
        conversationId: CONVERSATION_ID,
        parentMessageId: USER_MESSAGE_ID,
        responseMessageId: REPLY_ID,
        generation: 'Edited start',
      },
      identity,
    );
    expect(state.requestMessage).toBeNull();
    expect(state.responseMessage).toMatchObject({
      messageId: 'client-1_',
      parentMessageId: USER_MESSAGE_ID,
      text: 'Edited start',
    });
  });

  it('regenerates as a new reply under the user message, with no new user message', () => {
    const state = sendExchange(
      { ...newChat, mode: 'regenerate', conversationId: CONVERSATION_ID, parentMessageId: USER_MESSAGE_ID },
      identity,
    );
    expect(state.requestMessage).toBeNull();
    expect(state.responseMessage).toMatchObject({ messageId: 'client-1_', parentMessageId: USER_MESSAGE_ID, text: '' });
  });
});

describe('reduceFrame over realistic streams', () => {
  it.each(CHUNK_SIZES)('draws a whole reply the same way when the stream is cut every %i characters', async (size) => {
    const state = await draw(wholeReply(), size, sendExchange(newChat, identity));
    expect(state.conversationId).toBe(CONVERSATION_ID);
    expect(state.requestMessage).toEqual(userMessage());
    expect(state.responseMessage).toEqual(replyMessage());
    expect(state.end).toEqual({
      kind: 'final',
      conversation: expect.objectContaining({ conversationId: CONVERSATION_ID }),
      title: null,
    });
  });

  it.each(CHUNK_SIZES)('shows the reply as it streams, under its real ids (cut every %i)', async (size) => {
    const partial =
      createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! ') + textFrame('step_1', 'How can ');
    const state = await draw(partial, size, sendExchange(newChat, identity));
    expect(state.requestMessage?.messageId).toBe(USER_MESSAGE_ID);
    expect(state.responseMessage).toMatchObject({
      messageId: REPLY_ID,
      parentMessageId: USER_MESSAGE_ID,
      conversationId: CONVERSATION_ID,
      text: 'Hi! How can ',
      content: [{ type: 'text', text: 'Hi! How can ' }],
    });
    expect(state.end).toBeNull();
  });

  it.each(CHUNK_SIZES)('opens a new part whenever thinking and text alternate (cut every %i)', async (size) => {
    const text =
      createdFrame() +
      runStepFrame('step_a', 0) +
      thinkFrame('step_a', 'Let me ') +
      thinkFrame('step_a', 'think.') +
      runStepFrame('step_b', 1) +
      textFrame('step_b', 'First ') +
      textFrame('step_b', 'answer.') +
      runStepFrame('step_c', 2) +
      thinkFrame('step_c', 'Hmm.') +
      runStepFrame('step_d', 3) +
      textFrame('step_d', ' More.');
    const state = await draw(text, size);
    expect(state.responseMessage?.content).toEqual([
      { type: 'think', think: 'Let me think.' },
      { type: 'text', text: 'First answer.' },
      { type: 'think', think: 'Hmm.' },
      { type: 'text', text: ' More.' },
    ]);
    // The reply's text is its text parts; thinking is not part of it.
    expect(state.responseMessage?.text).toBe('First answer. More.');
  });

  it.each(CHUNK_SIZES)('builds a tool call from its step, argument chunks and result (cut every %i)', async (size) => {
    const text =
      createdFrame() +
      runStepFrame('step_1', 0) +
      textFrame('step_1', 'Searching.') +
      toolStepFrame('step_2', 1, [{ id: 'call_1', name: 'web_search', args: '' }]) +
      sse({
        event: 'on_run_step_delta',
        data: { id: 'step_2', delta: { type: 'tool_calls', tool_calls: [{ args: '{"query":' }] } },
      }) +
      sse({
        event: 'on_run_step_delta',
        data: { id: 'step_2', delta: { type: 'tool_calls', tool_calls: [{ args: '"weather"}' }] } },
      }) +
      sse({
        event: 'on_run_step_completed',
        data: {
          result: {
            id: 'step_2',
            index: 1,
            tool_call: { id: 'call_1', name: 'web_search', args: '{"query":"weather"}', output: 'Sunny' },
          },
        },
      }) +
      runStepFrame('step_3', 2) +
      textFrame('step_3', 'It is sunny.');
    const state = await draw(text, size);
    expect(state.responseMessage?.content).toEqual([
      { type: 'text', text: 'Searching.' },
      {
        type: 'tool_call',
        tool_call: {
          id: 'call_1',
          name: 'web_search',
          args: '{"query":"weather"}',
          type: 'tool_call',
          output: 'Sunny',
          progress: 1,
        },
      },
      { type: 'text', text: 'It is sunny.' },
    ]);
  });

  it('marks a tool call that waits for the user to sign in', () => {
    let state = resumeExchange('c', 'AI', {});
    state = reduceFrame(state, {
      type: 'run_step',
      stepId: 's',
      runId: 'r',
      index: 0,
      toolCalls: [{ id: 'call_1', name: 'gmail', args: '' }],
    });
    state = reduceFrame(state, {
      type: 'tool_call_delta',
      stepId: 's',
      chunks: [],
      auth: 'https://auth.example.com/start',
      expiresAt: 1_700_000_000,
    });
    expect(state.responseMessage?.content?.[0]).toEqual({
      type: 'tool_call',
      tool_call: {
        id: 'call_1',
        name: 'gmail',
        args: '',
        type: 'tool_call',
        auth: 'https://auth.example.com/start',
        expires_at: 1_700_000_000,
      },
    });
  });

  it.each(CHUNK_SIZES)(
    'replaces the text with each legacy frame, which carries the whole text so far (cut every %i)',
    async (size) => {
      const text = createdFrame() + legacyFrame('Hel', true) + legacyFrame('Hello, wor') + legacyFrame('Hello, world');
      const state = await draw(text, size, sendExchange(newChat, identity));
      expect(state.responseMessage).toMatchObject({
        messageId: REPLY_ID,
        parentMessageId: USER_MESSAGE_ID,
        text: 'Hello, world',
      });
      expect(state.responseMessage?.content).toBeUndefined();
    },
  );

  it('extends a continued reply: the first step at index 0 appends to the text it had', async () => {
    const start = sendExchange(
      {
        ...newChat,
        mode: 'continue',
        conversationId: CONVERSATION_ID,
        parentMessageId: USER_MESSAGE_ID,
        responseMessageId: REPLY_ID,
        generation: 'Once upon',
      },
      identity,
    );
    const state = await draw(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', ' a time'), 5, start);
    expect(state.responseMessage).toMatchObject({
      messageId: REPLY_ID,
      text: 'Once upon a time',
      content: [{ type: 'text', text: 'Once upon a time' }],
    });
  });

  it('re-attached from another tab, starts a continued reply from its saved text', async () => {
    const start = resumeExchange(CONVERSATION_ID, 'GPT-4o', { [REPLY_ID]: 'Once upon' });
    const state = await draw(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', ' a time'), 4, start);
    expect(state.responseMessage).toMatchObject({ messageId: REPLY_ID, sender: 'GPT-4o', text: 'Once upon a time' });
  });

  it('re-attached with nothing known, draws the reply from the frames alone', async () => {
    const state = await draw(
      createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi'),
      3,
      resumeExchange(CONVERSATION_ID, 'Claude', {}),
    );
    expect(state.requestMessage).toEqual(userMessage());
    expect(state.responseMessage).toEqual({
      messageId: REPLY_ID,
      conversationId: CONVERSATION_ID,
      parentMessageId: USER_MESSAGE_ID,
      sender: 'Claude',
      text: 'Hi',
      isCreatedByUser: false,
      content: [{ type: 'text', text: 'Hi' }],
    });
  });

  it('puts a delta of an unknown step on the last part of its kind, or a new part', () => {
    let state = resumeExchange('c', 'AI', {});
    state = reduceFrame(state, { type: 'text_delta', stepId: 'unknown', text: 'a' });
    state = reduceFrame(state, { type: 'text_delta', stepId: 'unknown', text: 'b' });
    state = reduceFrame(state, { type: 'think_delta', stepId: 'unknown', think: 'c' });
    expect(state.responseMessage?.content).toEqual([
      { type: 'text', text: 'ab' },
      { type: 'think', think: 'c' },
    ]);
  });

  it.each(CHUNK_SIZES)(
    'turns an error frame into the reply, error set and text as sent (cut every %i)',
    async (size) => {
      const text =
        createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi') + errorFrame('{"type":"no_user_key"}');
      const state = await draw(text, size, sendExchange(newChat, identity));
      expect(state.responseMessage).toEqual({
        messageId: REPLY_ID,
        conversationId: CONVERSATION_ID,
        parentMessageId: USER_MESSAGE_ID,
        sender: 'GPT-4o',
        text: '{"type":"no_user_key"}',
        isCreatedByUser: false,
        error: true,
      });
      expect(state.requestMessage).toEqual(userMessage());
      expect(state.end).toEqual({ kind: 'error' });
    },
  );

  it('keeps every earlier state unchanged (frames never mutate)', () => {
    const start = sendExchange(newChat, identity);
    const snapshot = structuredClone(start);
    const next = reduceFrame(start, { type: 'text_delta', stepId: 's', text: 'x' });
    expect(start).toEqual(snapshot);
    expect(next).not.toBe(start);
    expect(next.requestMessage).toBe(start.requestMessage);
  });

  it('adds attachments a tool produced to the reply', () => {
    const state = reduceFrame(resumeExchange('c', 'AI', {}), {
      type: 'attachment',
      attachment: { file_id: 'f1', filename: 'chart.png' },
    });
    expect(state.responseMessage?.attachments).toEqual([{ file_id: 'f1', filename: 'chart.png' }]);
  });

  it("keeps the final frame's messages, which are the saved ones", async () => {
    const saved = replyMessage({
      text: 'Saved text',
      content: [{ type: 'text', text: 'Saved text' }],
      unfinished: true,
    });
    const state = await draw(
      createdFrame() +
        runStepFrame('s', 0) +
        textFrame('s', 'Streamed') +
        finalFrame(saved, userMessage(), { title: 'Greeting' }),
      8,
    );
    expect(state.responseMessage).toEqual(saved);
    expect(state.end).toMatchObject({ kind: 'final', title: 'Greeting' });
  });
});
