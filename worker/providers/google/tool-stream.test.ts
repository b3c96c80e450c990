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
import { CALL_WITH_ID_STREAM, PARALLEL_CALLS_SIGNATURE, PARALLEL_CALLS_STREAM } from './fixtures/tool-stream';
import { streamGoogleChat } from './stream';

const request: ChatRequest = {
  model: 'gemini-2.5-flash',
  messages: [{ role: 'user', content: 'Weather in Paris, a search, and the time?' }],
  parameters: {},
  tools: [
    { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: {} } },
    { name: 'search_web', description: 'Search', parameters: { type: 'object', properties: {} } },
    { name: 'get_time', description: 'The time', parameters: { type: 'object', properties: {} } },
  ],
};

const run = (answer: FakeAnswer) =>
  collectEvents(streamGoogleChat({ apiKey: 'AIza-test' }, request, fakeFetch(answer).fetch));

const LOCAL_ID = expect.stringMatching(/^call_local_[0-9a-f]{32}$/) as unknown as string;

const PARALLEL_EVENTS: ProviderEvent[] = [
  { type: 'reasoning', text: '**Choosing tools**\n\nWeather and a search, at once.' },
  { type: 'text', text: 'Je vérifie ☕.' },
  { type: 'tool_call_start', index: 0, id: LOCAL_ID, name: 'get_weather', signature: PARALLEL_CALLS_SIGNATURE },
  { type: 'tool_call_args', index: 0, chunk: '{"city":"Paris, France"}' },
  { type: 'tool_call_end', index: 0 },
  { type: 'tool_call_start', index: 1, id: LOCAL_ID, name: 'search_web' },
  { type: 'tool_call_args', index: 1, chunk: '{"query":"say \\"hi\\" — café ☕ 日本語","limit":3}' },
  { type: 'tool_call_end', index: 1 },
  { type: 'tool_call_start', index: 2, id: LOCAL_ID, name: 'get_time' },
  { type: 'tool_call_args', index: 2, chunk: '{}' },
  { type: 'tool_call_end', index: 2 },
  { type: 'usage', promptTokens: 88, completionTokens: 82 },
  { type: 'finish', reason: 'tool_calls' },
];

describe('streamGoogleChat: function calls', () => {
  it('yields each whole call as start, one args chunk and end, with made-up ids and the signature', async () => {
    const { events, error } = await run(chunkedResponse(PARALLEL_CALLS_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual(PARALLEL_EVENTS);
    const calls = toolCallsOf(events);
    expect(calls.map((call) => JSON.parse(call.args) as unknown)).toEqual([
      { city: 'Paris, France' },
      { query: 'say "hi" — café ☕ 日本語', limit: 3 },
      {},
    ]);
    expect(new Set(calls.map((call) => call.id)).size).toBe(3);
  });

  it('yields the same events whatever byte the stream is split at', async () => {
    const size = new TextEncoder().encode(PARALLEL_CALLS_STREAM).length;
    for (let at = 1; at < size; at += 17) {
      const { events } = await run(chunkedResponse(PARALLEL_CALLS_STREAM, { splitAt: [at, at + 3] }));
      expect(events, `split at ${at}`).toEqual(PARALLEL_EVENTS);
    }
  });

  it('keeps the id Gemini gives a call', async () => {
    const { events } = await run(chunkedResponse(CALL_WITH_ID_STREAM, 'awkward'));
    expect(events.slice(0, 3)).toEqual([
      { type: 'tool_call_start', index: 0, id: 'fc_8kq2m1', name: 'calculator', signature: 'EhsKGQGx9Wk3c0Qm' },
      { type: 'tool_call_args', index: 0, chunk: '{"input":"2^10"}' },
      { type: 'tool_call_end', index: 0 },
    ]);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('yields what came before the cut, no half call, then network_error', async () => {
    const cut = cutAfter(offsetOf(PARALLEL_CALLS_STREAM, 'café') + 2);
    const { events, error } = await run(chunkedResponse(PARALLEL_CALLS_STREAM, 'awkward', { cut }));
    expect(events).toEqual(PARALLEL_EVENTS.slice(0, 2));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
  });
});
