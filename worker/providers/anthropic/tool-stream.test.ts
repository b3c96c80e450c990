import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectEvents,
  cutAfter,
  fakeFetch,
  offsetOf,
  toolCallsOf,
  type FakeAnswer,
} from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import { REDACTED_THINKING_TOOL_STREAM, THINKING_TOOLS_STREAM } from './fixtures/tool-stream';
import { streamAnthropicChat } from './stream';

const request: ChatRequest = {
  model: 'claude-sonnet-4-20250514',
  messages: [{ role: 'user', content: 'Weather in Paris, a search, and the time?' }],
  parameters: { maxOutputTokens: 8192, thinking: true, thinkingBudget: 2000 },
  tools: [
    { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: {} } },
    { name: 'search_web', description: 'Search', parameters: { type: 'object', properties: {} } },
    { name: 'get_time', description: 'The time', parameters: { type: 'object', properties: {} } },
  ],
};

const run = (answer: FakeAnswer) =>
  collectEvents(streamAnthropicChat({ apiKey: 'sk-ant-test' }, request, fakeFetch(answer).fetch));

const args = (index: number, ...chunks: string[]): ProviderEvent[] =>
  chunks.map((chunk) => ({ type: 'tool_call_args', index, chunk }));

const SIGNATURE =
  'ErUBCkYIBRgCIkDq3vLz0Ow9sP1mTNb7hQ2cYk8JfR4aXe6uWd5iG1oHnVtK3yMz8Bq0lCp7sAxE2gZr9UvJ4wDkFhLn6bSoEgx+ZpQ3rTm1Yc8=';

const THINKING_TOOLS_EVENTS: ProviderEvent[] = [
  { type: 'reasoning', text: 'Weather for Paris, then a search — ' },
  { type: 'reasoning', text: 'both at once.' },
  { type: 'reasoning_signature', signature: SIGNATURE },
  { type: 'text', text: 'Je vérifie ☕.' },
  { type: 'tool_call_start', index: 0, id: 'toolu_01A7xQeV3mKp9sTn2LbWc4Rz', name: 'get_weather' },
  ...args(0, '{"ci', 'ty": "Par', 'is, Fr', 'ance"}'),
  { type: 'tool_call_end', index: 0 },
  { type: 'tool_call_start', index: 1, id: 'toolu_01Fq6nDy8Wc2XsHm5TbKr0Jp', name: 'search_web' },
  ...args(1, '{"query": "say \\', '"hi\\', '" — caf', 'é ☕ 日', '本語", "li', 'mit": 3}'),
  { type: 'tool_call_end', index: 1 },
  { type: 'tool_call_start', index: 2, id: 'toolu_01Mz3cUr7Pv1KdGw9YhXe5Ns', name: 'get_time' },
  ...args(2, '{}'),
  { type: 'tool_call_end', index: 2 },
  { type: 'usage', promptTokens: 512, completionTokens: 171 },
  { type: 'finish', reason: 'tool_calls' },
];

describe('streamAnthropicChat: tool use', () => {
  it('streams signed thinking, text and tool calls whose input splits keys, escapes and characters', async () => {
    const { events, error } = await run(chunkedResponse(THINKING_TOOLS_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual(THINKING_TOOLS_EVENTS);
    expect(toolCallsOf(events).map((call) => JSON.parse(call.args) as unknown)).toEqual([
      { city: 'Paris, France' },
      { query: 'say "hi" — café ☕ 日本語', limit: 3 },
      {},
    ]);
  });

  it('yields the same events whatever byte the stream is split at', async () => {
    const size = new TextEncoder().encode(THINKING_TOOLS_STREAM).length;
    for (let at = 1; at < size; at += 13) {
      const { events } = await run(chunkedResponse(THINKING_TOOLS_STREAM, { splitAt: [at, at + 3] }));
      expect(events, `split at ${at}`).toEqual(THINKING_TOOLS_EVENTS);
    }
  });

  it('yields redacted thinking whole, then the call', async () => {
    const { events, error } = await run(chunkedResponse(REDACTED_THINKING_TOOL_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      {
        type: 'redacted_reasoning',
        data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB0URj2pLmN8w==',
      },
      { type: 'tool_call_start', index: 0, id: 'toolu_01Kc5vRt2Wm8YpNz3HxDq6Lb', name: 'calculator' },
      ...args(0, '{"input": "2^10"}'),
      { type: 'tool_call_end', index: 0 },
      { type: 'usage', promptTokens: 230, completionTokens: 64 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('yields the events so far, the call unended, then network_error when the stream is cut mid-input', async () => {
    const cut = cutAfter(offsetOf(THINKING_TOOLS_STREAM, 'é ☕ 日') + 1);
    const { events, error } = await run(chunkedResponse(THINKING_TOOLS_STREAM, 'awkward', { cut }));
    const before = THINKING_TOOLS_EVENTS.findIndex((event) => 'chunk' in event && event.chunk === 'é ☕ 日');
    expect(events).toEqual(THINKING_TOOLS_EVENTS.slice(0, before));
    expect(toolCallsOf(events).map((call) => call.ended)).toEqual([true, false]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
  });

  it('reads a tool_use block whose input a gateway sent whole at its start', async () => {
    const stream =
      'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":5,"output_tokens":1}}}\n\n' +
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_x","name":"get_time","input":{"zone":"Europe/Paris"}}}\n\n' +
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}\n\n' +
      'event: message_stop\ndata: {"type":"message_stop"}\n\n';
    const { events } = await run(chunkedResponse(stream));
    expect(toolCallsOf(events)).toEqual([
      { id: 'toolu_x', name: 'get_time', args: '{"zone":"Europe/Paris"}', ended: true },
    ]);
  });
});
