import {
  attachmentFrameSchema,
  streamErrorFrameSchema,
  streamFrameSchema,
  type StreamErrorFrame,
  type WireMessage,
} from '@contract/stream';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
// The engine's own frame builders (plain TypeScript, no Workers APIs): this test holds the DO's
// writer and this parser to the same wire shapes, so either one drifting fails here.
import { ContentBuilder } from '../../../../../durable-objects/conversation/content-builder';
import { errorFrame, messageFrame } from '../../../../../durable-objects/conversation/frames';
import { readContentParts, withToolAttachments } from '@/shared/message/content/content-parts';
import { parseStreamEvent } from './parse-frame';
import { draw } from './testing/draw';
import type { StreamFrame } from './stream-frame';

interface SseEvent {
  event: string | undefined;
  data: string;
}

/** The SSE text split into events the way the client's reader splits it. */
function eventsOf(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => events.push({ event, data }) });
  parser.feed(text);
  return events;
}

/** Each event checked against the contract, then read by the web's parser. */
function parseAll(text: string): (StreamFrame | null)[] {
  return eventsOf(text).map(({ event, data }) => {
    const schema =
      event === 'error' ? streamErrorFrameSchema : event === 'attachment' ? attachmentFrameSchema : streamFrameSchema;
    expect(schema.safeParse(JSON.parse(data)).success).toBe(true);
    return parseStreamEvent(event, data);
  });
}

const stepIdOf = (frame: StreamFrame | null | undefined): string => (frame?.type === 'run_step' ? frame.stepId : '');

const userMessage: WireMessage = {
  messageId: 'user-1',
  conversationId: 'convo-1',
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  sender: 'User',
  text: 'Hello',
  isCreatedByUser: true,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  content: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const replyMessage: WireMessage = {
  messageId: 'reply-1',
  conversationId: 'convo-1',
  parentMessageId: 'user-1',
  sender: 'GPT-4o',
  text: 'Hi there',
  isCreatedByUser: false,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  content: [
    { type: 'think', think: 'Greet back.' },
    { type: 'text', text: 'Hi there' },
  ],
  error: false,
  unfinished: false,
  finish_reason: 'stop',
  tokenCount: 3,
  createdAt: '2026-01-01T00:00:01.000Z',
  updatedAt: '2026-01-01T00:00:01.000Z',
};

describe('frames written by the engine, read by the web', () => {
  it('reads the content-parts dialect: run steps and their text and thinking deltas', () => {
    const builder = new ContentBuilder({
      dialect: 'parts',
      responseMessageId: 'reply-1',
      parentMessageId: 'user-1',
      generation: null,
    });
    const text =
      builder.apply({ type: 'reasoning', text: 'Greet ' }) +
      builder.apply({ type: 'reasoning', text: 'back.' }) +
      builder.apply({ type: 'text', text: 'Hi "there"\n' }) +
      builder.apply({ type: 'finish', reason: 'stop' });
    const frames = parseAll(text);
    const thinkStep = stepIdOf(frames[0]);
    const textStep = stepIdOf(frames[3]);
    expect(thinkStep).not.toBe('');
    expect(textStep).not.toBe(thinkStep);
    expect(frames).toEqual([
      { type: 'run_step', stepId: thinkStep, runId: 'reply-1', index: 0, toolCalls: [] },
      { type: 'think_delta', stepId: thinkStep, think: 'Greet ' },
      { type: 'think_delta', stepId: thinkStep, think: 'back.' },
      { type: 'run_step', stepId: textStep, runId: 'reply-1', index: 1, toolCalls: [] },
      { type: 'text_delta', stepId: textStep, text: 'Hi "there"\n' },
    ]);
  });

  it('reads an agent turn: text, a tool call with its streamed arguments and output, then more text', async () => {
    const builder = new ContentBuilder({
      dialect: 'parts',
      responseMessageId: 'reply-1',
      parentMessageId: 'user-1',
      generation: null,
      toolKeys: new Map([['getWeather_action_api_example', 'getWeather_action_api.example']]),
    });
    const text =
      messageFrame({ created: true, message: userMessage }) +
      builder.apply({ type: 'text', text: 'Let me look.' }) +
      builder.apply({ type: 'tool_call_start', index: 0, id: 'call_1', name: 'getWeather_action_api_example' }) +
      builder.apply({ type: 'tool_call_args', index: 0, chunk: '{"city":' }) +
      builder.apply({ type: 'tool_call_args', index: 0, chunk: '"Oslo"}' }) +
      builder.apply({ type: 'tool_call_end', index: 0 }) +
      builder.completeToolCall('call_1', 'Rain, 4 °C') +
      builder.apply({ type: 'text', text: 'It rains in Oslo.' });
    const frames = parseAll(text);
    const toolStep = stepIdOf(frames[3]);
    expect(frames.slice(3)).toEqual([
      {
        type: 'run_step',
        stepId: toolStep,
        runId: 'reply-1',
        index: 1,
        toolCalls: [{ id: 'call_1', name: 'getWeather_action_api.example', args: '' }],
      },
      { type: 'tool_call_delta', stepId: toolStep, chunks: [{ id: 'call_1', args: '{"city":' }] },
      { type: 'tool_call_delta', stepId: toolStep, chunks: [{ id: 'call_1', args: '"Oslo"}' }] },
      {
        type: 'tool_call_completed',
        index: 1,
        toolCall: {
          id: 'call_1',
          name: 'getWeather_action_api.example',
          args: '{"city":"Oslo"}',
          output: 'Rain, 4 °C',
          progress: 1,
        },
      },
      { type: 'run_step', stepId: stepIdOf(frames[7]), runId: 'reply-1', index: 2, toolCalls: [] },
      { type: 'text_delta', stepId: stepIdOf(frames[7]), text: 'It rains in Oslo.' },
    ]);
    // The web draws exactly the content the engine saves.
    const state = await draw(text, 7);
    expect(state.responseMessage?.content).toEqual(builder.snapshot().content);
  });

  it('reads the sign-in an OAuth action waits for, and puts its link on the call', () => {
    const builder = new ContentBuilder({
      dialect: 'parts',
      responseMessageId: 'reply-1',
      parentMessageId: 'user-1',
      generation: null,
    });
    const link = 'https://id.example.com/authorize?state=s&code_challenge=c';
    const text =
      builder.apply({ type: 'tool_call_start', index: 0, id: 'call_1', name: 'listPets_action_pets' }) +
      builder.toolCallAuth('call_1', link, 1_900_000_000_000);
    const frames = parseAll(text);
    expect(frames[1]).toEqual({
      type: 'tool_call_delta',
      stepId: stepIdOf(frames[0]),
      chunks: [],
      auth: link,
      expiresAt: 1_900_000_000_000,
    });
    expect(builder.toolCallAuth('call_unknown', link, 1)).toBe('');
  });

  it('reads a search call’s sources and a tool’s image: live, the web shows what it shows once saved', async () => {
    const builder = new ContentBuilder({
      dialect: 'parts',
      responseMessageId: 'reply-1',
      parentMessageId: 'user-1',
      generation: null,
    });
    const sources = [{ index: 1, title: 'Docs', url: 'https://docs.example/', snippet: 'words' }];
    const image = { fileId: 'f1', filename: 'image-1.png', filepath: '/api/files/u/f1', type: 'image/png' };
    const text =
      builder.apply({ type: 'tool_call_start', index: 0, id: 'call_s', name: 'web_search' }) +
      builder.apply({ type: 'tool_call_start', index: 1, id: 'call_i', name: 'image_gen_oai' }) +
      builder.completeToolCall('call_s', '[1] Docs', sources) +
      builder.completeToolCall('call_i', 'done') +
      builder.attachImage('call_i', { ...image, width: 3, height: 2 }, 'convo-1') +
      builder.apply({ type: 'text', text: 'See [1].' });
    const frames = parseAll(text);
    expect(frames[2]).toMatchObject({ type: 'tool_call_completed', index: 0, toolCall: { sources } });
    expect(frames[4]).toEqual({
      type: 'attachment',
      attachment: {
        file_id: 'f1',
        filename: 'image-1.png',
        filepath: '/api/files/u/f1',
        type: 'image/png',
        width: 3,
        height: 2,
        messageId: 'reply-1',
        toolCallId: 'call_i',
        conversationId: 'convo-1',
      },
    });
    const live = (await draw(text, 11)).responseMessage;
    const shownLive = withToolAttachments(readContentParts(live?.content), live?.attachments);
    const saved = builder.snapshot().content;
    expect(saved?.map((part) => part.type)).toEqual(['tool_call', 'tool_call', 'image_file', 'text']);
    expect(shownLive).toEqual(withToolAttachments(readContentParts(saved), live?.attachments));
    expect(shownLive.map((view) => view.kind)).toEqual(['tool_call', 'tool_call', 'image', 'text']);
  });

  it('reads the legacy dialect: the whole text so far', () => {
    const builder = new ContentBuilder({
      dialect: 'legacy',
      responseMessageId: 'reply-1',
      parentMessageId: 'user-1',
      generation: null,
    });
    const frames = parseAll(
      builder.apply({ type: 'text', text: 'Hel' }) + builder.apply({ type: 'text', text: 'lo' }) + builder.replayTail(),
    );
    expect(frames).toEqual([
      { type: 'legacy_text', text: 'Hel', messageId: 'reply-1', parentMessageId: 'user-1' },
      { type: 'legacy_text', text: 'Hello', messageId: 'reply-1', parentMessageId: 'user-1' },
      { type: 'legacy_text', text: 'Hello', messageId: 'reply-1', parentMessageId: 'user-1' },
    ]);
  });

  it('reads the created and final frames with the messages as saved', () => {
    const conversation = { conversationId: 'convo-1', title: 'Greeting', endpoint: 'openAI' };
    const text =
      messageFrame({ created: true, message: userMessage }) +
      messageFrame({
        final: true,
        conversation,
        title: 'Greeting',
        requestMessage: userMessage,
        responseMessage: replyMessage,
      });
    expect(parseAll(text)).toEqual([
      { type: 'created', message: userMessage },
      { type: 'final', conversation, title: 'Greeting', requestMessage: userMessage, responseMessage: replyMessage },
    ]);
  });

  it('reads an error frame as the reply in error', () => {
    const body: StreamErrorFrame = {
      error: true,
      final: true,
      text: '{"type":"no_user_key"}',
      messageId: 'reply-1',
      conversationId: 'convo-1',
      parentMessageId: 'user-1',
      sender: 'GPT-4o',
      isCreatedByUser: false,
    };
    expect(parseAll(errorFrame(body))).toEqual([
      {
        type: 'error',
        message: {
          text: '{"type":"no_user_key"}',
          messageId: 'reply-1',
          conversationId: 'convo-1',
          parentMessageId: 'user-1',
          sender: 'GPT-4o',
          isCreatedByUser: false,
          error: true,
        },
      },
    ]);
  });
});
