import { describe, expect, it } from 'vitest';
import { chunkedResponse, collectEvents, cutAfter, fakeFetch, toolCallsOf, type FakeAnswer } from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import { frameOf, framesOf } from './fixtures/stream';
import { REDACTED_TOOL_REPLY, SIGNATURE, THINKING_TOOLS_REPLY } from './fixtures/tool-stream';
import { streamBedrockChat, type BedrockTarget } from './stream';

const target: BedrockTarget = { region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
const request: ChatRequest = {
  model: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
  messages: [{ role: 'user', content: 'Weather in Paris, a search, and the time?' }],
  parameters: { maxOutputTokens: 8192, thinking: true, thinkingBudget: 2000 },
  tools: [
    { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: {} } },
    { name: 'search_web', description: 'Search', parameters: { type: 'object', properties: {} } },
    { name: 'get_time', description: 'The time', parameters: { type: 'object', properties: {} } },
  ],
};

const eventStream = (bytes: Uint8Array, plan: Parameters<typeof chunkedResponse>[1] = 'awkward', cut?: number) =>
  chunkedResponse(bytes, plan, {
    headers: { 'content-type': 'application/vnd.amazon.eventstream' },
    ...(cut === undefined ? {} : { cut: cutAfter(cut) }),
  });

const run = (response: FakeAnswer) => collectEvents(streamBedrockChat(target, request, fakeFetch(response).fetch));

const args = (index: number, ...chunks: string[]): ProviderEvent[] =>
  chunks.map((chunk) => ({ type: 'tool_call_args', index, chunk }));

const THINKING_TOOLS_EVENTS: ProviderEvent[] = [
  { type: 'reasoning', text: 'Weather and a search — both at once.' },
  { type: 'reasoning_signature', signature: SIGNATURE },
  { type: 'text', text: 'Je vérifie ☕.' },
  { type: 'tool_call_start', index: 0, id: 'tooluse_Xk3mQ9vRTa2bL7pYc0N4eA', name: 'get_weather' },
  ...args(0, '{"ci', 'ty": "Par', 'is, France"}'),
  { type: 'tool_call_end', index: 0 },
  { type: 'tool_call_start', index: 1, id: 'tooluse_Pq8wEr5tYu1iOa6sDf2gHj', name: 'search_web' },
  ...args(1, '{"query": "say \\', '"hi\\" — caf', 'é ☕ 日本語", "limit": 3}'),
  { type: 'tool_call_end', index: 1 },
  { type: 'tool_call_start', index: 2, id: 'tooluse_Zx9cVb4nMl7kJh3gFd6sAq', name: 'get_time' },
  ...args(2, '{}'),
  { type: 'tool_call_end', index: 2 },
  { type: 'finish', reason: 'tool_calls' },
];

describe('streamBedrockChat: tool use', () => {
  it('streams signed reasoning, text and parallel calls whose input splits keys, escapes and characters', async () => {
    const { events, error } = await run(eventStream(framesOf(THINKING_TOOLS_REPLY)));
    expect(error).toBeUndefined();
    const usage = { type: 'usage', promptTokens: 512, completionTokens: 171 };
    expect(events).toEqual([...THINKING_TOOLS_EVENTS.slice(0, -1), usage, THINKING_TOOLS_EVENTS.at(-1)]);
    expect(toolCallsOf(events).map((call) => JSON.parse(call.args) as unknown)).toEqual([
      { city: 'Paris, France' },
      { query: 'say "hi" — café ☕ 日本語', limit: 3 },
      {},
    ]);
  });

  it('yields the same events from one-byte chunks', async () => {
    const { events } = await run(eventStream(framesOf(THINKING_TOOLS_REPLY), [1]));
    expect(toolCallsOf(events)).toHaveLength(3);
    expect(events.filter((event) => event.type !== 'usage')).toEqual(THINKING_TOOLS_EVENTS);
  });

  it('yields redacted reasoning whole, then the call', async () => {
    const { events, error } = await run(eventStream(framesOf(REDACTED_TOOL_REPLY)));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'redacted_reasoning', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw' },
      { type: 'tool_call_start', index: 0, id: 'tooluse_Cc5vRt2Wm8YpNz3HxDq6Lb', name: 'calculator' },
      ...args(0, '{"input": "2^10"}'),
      { type: 'tool_call_end', index: 0 },
      { type: 'usage', promptTokens: 230, completionTokens: 64 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('yields the events so far, the call unended, then network_error when the stream is cut mid-input', async () => {
    const before = THINKING_TOOLS_REPLY.slice(0, 13);
    const offset = before.reduce((sum, frame) => sum + frameOf(frame).length, 0) + 20;
    const { events, error } = await run(eventStream(framesOf(THINKING_TOOLS_REPLY), 'awkward', offset));
    expect(events).toEqual(THINKING_TOOLS_EVENTS.slice(0, 10));
    expect(toolCallsOf(events).map((call) => call.ended)).toEqual([true, false]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
  });
});
