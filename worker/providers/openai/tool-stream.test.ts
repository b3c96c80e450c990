import { describe, expect, it } from 'vitest';
import { normaliseParameters } from '../parameters';
import {
  chunkedResponse,
  collectEvents,
  cutAfter,
  fakeFetch,
  jsonResponse,
  offsetOf,
  textOf,
  toolCallsOf,
} from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import { GPT_4O_PARALLEL_TOOLS_STREAM, OBJECT_ARGUMENTS_STREAM, OLLAMA_TOOLS_STREAM } from './fixtures/tool-stream';
import { streamOpenAIChat, type OpenAITarget } from './stream';

const TARGET: OpenAITarget = { baseURL: 'https://api.openai.com/v1', apiKey: 'sk-test' };
const request: ChatRequest = {
  model: 'gpt-4o',
  messages: [{ role: 'user', content: 'Weather in Paris, and search for the greeting?' }],
  parameters: normaliseParameters('openAI', 'gpt-4o', {}),
  tools: [
    { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: {} } },
    { name: 'search_web', description: 'Search', parameters: { type: 'object', properties: {} } },
  ],
};

const stream = (answer: Response) => collectEvents(streamOpenAIChat(TARGET, request, fakeFetch(answer).fetch));

const args = (index: number, ...chunks: string[]): ProviderEvent[] =>
  chunks.map((chunk) => ({ type: 'tool_call_args', index, chunk }));

const GPT_4O_EVENTS: ProviderEvent[] = [
  { type: 'tool_call_start', index: 0, id: 'call_Qm3vX8pL2sTf9RkW1bNy7hJc', name: 'get_weather' },
  ...args(0, '{"ci', 'ty":"Par', 'is, Fr', 'ance"}'),
  { type: 'tool_call_start', index: 1, id: 'call_Zp8cR2mV5nLq0TgH4wXs6dEb', name: 'search_web' },
  ...args(1, '{"query":"say \\', '"hi\\', '" — caf', 'é ☕ 日', '本語","li', 'mit":3}'),
  { type: 'tool_call_end', index: 0 },
  { type: 'tool_call_end', index: 1 },
  { type: 'finish', reason: 'tool_calls' },
  { type: 'usage', promptTokens: 88, completionTokens: 61 },
];

describe('streamOpenAIChat: tool calls', () => {
  it('streams parallel calls by index, arguments split mid-key, mid-escape and mid-character', async () => {
    const { events, error } = await stream(chunkedResponse(GPT_4O_PARALLEL_TOOLS_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual(GPT_4O_EVENTS);
    const calls = toolCallsOf(events);
    expect(calls.map((call) => JSON.parse(call.args) as unknown)).toEqual([
      { city: 'Paris, France' },
      { query: 'say "hi" — café ☕ 日本語', limit: 3 },
    ]);
    expect(calls.every((call) => call.ended)).toBe(true);
  });

  it('yields the same events whatever byte the stream is split at', async () => {
    const size = new TextEncoder().encode(GPT_4O_PARALLEL_TOOLS_STREAM).length;
    for (let at = 1; at < size; at += 11) {
      const { events } = await stream(chunkedResponse(GPT_4O_PARALLEL_TOOLS_STREAM, { splitAt: [at, at + 2] }));
      expect(events, `split at ${at}`).toEqual(GPT_4O_EVENTS);
    }
  });

  it('reads Ollama’s calls that all arrive at index 0 with new ids, and its `stop` finish', async () => {
    const { events, error } = await stream(chunkedResponse(OLLAMA_TOOLS_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'tool_call_start', index: 0, id: 'call_7tq2xk1m', name: 'get_weather' },
      ...args(0, '{"city":"Oslo"}'),
      { type: 'tool_call_end', index: 0 },
      { type: 'tool_call_start', index: 1, id: 'call_c9w0fz3r', name: 'get_weather' },
      ...args(1, '{"city":"Zürich"}'),
      { type: 'tool_call_end', index: 1 },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', promptTokens: 142, completionTokens: 38 },
    ]);
  });

  it('takes arguments sent as an object, and gives a call without id or arguments both', async () => {
    const { events, error } = await stream(chunkedResponse(OBJECT_ARGUMENTS_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Let me check.');
    const calls = toolCallsOf(events);
    expect(calls).toEqual([
      { id: 'call_obj1', name: 'get_weather', args: '{"city":"Lyon","unit":"celsius"}', ended: true },
      { id: expect.stringMatching(/^call_[0-9a-f]{32}$/) as unknown, name: 'get_time', args: '{}', ended: true },
    ]);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('reads the calls of a non-streamed answer', async () => {
    const answer = {
      id: 'chatcmpl-2',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
              { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 },
    };
    const { events } = await stream(jsonResponse(answer));
    expect(events).toEqual([
      { type: 'tool_call_start', index: 0, id: 'call_1', name: 'get_weather' },
      ...args(0, '{"city":"Rome"}'),
      { type: 'tool_call_start', index: 1, id: 'call_2', name: 'get_time' },
      ...args(1, '{}'),
      { type: 'tool_call_end', index: 0 },
      { type: 'tool_call_end', index: 1 },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', promptTokens: 30, completionTokens: 20 },
    ]);
  });

  it('yields the calls so far, unended, then network_error when the connection drops mid-arguments', async () => {
    const cut = cutAfter(offsetOf(GPT_4O_PARALLEL_TOOLS_STREAM, 'é ☕ 日') + 1);
    const { events, error } = await stream(chunkedResponse(GPT_4O_PARALLEL_TOOLS_STREAM, 'awkward', { cut }));
    expect(events).toEqual(
      GPT_4O_EVENTS.slice(
        0,
        GPT_4O_EVENTS.findIndex((event) => 'chunk' in event && event.chunk === 'é ☕ 日'),
      ),
    );
    expect(toolCallsOf(events).map((call) => call.ended)).toEqual([false, false]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
  });
});
