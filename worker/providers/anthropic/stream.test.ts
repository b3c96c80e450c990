import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectEvents,
  cutAfter,
  fakeFetch,
  offsetOf,
  reasoningOf,
  stallAfter,
  textOf,
  type FakeAnswer,
} from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import * as errors from './fixtures/errors';
import {
  MALFORMED_STREAM,
  MAX_TOKENS_STREAM,
  OVERLOADED_MID_STREAM,
  THINKING_STREAM,
  THINKING_STREAM_REASONING,
  THINKING_STREAM_TEXT,
} from './fixtures/stream';
import { messagesUrl, streamAnthropicChat } from './stream';

const request: ChatRequest = {
  model: 'claude-3-7-sonnet-20250219',
  system: 'Be kind.',
  messages: [{ role: 'user', content: 'Bonjour' }],
  parameters: {
    maxOutputTokens: 8192,
    thinking: true,
    thinkingBudget: 2000,
    promptCache: true,
    temperature: 0.5,
    topK: 5,
  },
};

async function run(answer: FakeAnswer, overrides: Partial<ChatRequest> = {}) {
  const fake = fakeFetch(answer);
  const result = await collectEvents(
    streamAnthropicChat({ apiKey: 'sk-ant-test' }, { ...request, ...overrides }, fake.fetch),
  );
  return { ...result, fake };
}

const errorResponse = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } });

function expectProviderError(error: unknown, code: string, status?: number): ProviderError {
  expect(error).toBeInstanceOf(ProviderError);
  const providerError = error as ProviderError;
  expect(providerError.code).toBe(code);
  if (status !== undefined) expect(providerError.status).toBe(status);
  return providerError;
}

describe('streamAnthropicChat: the request on the wire', () => {
  it('POSTs /v1/messages with the key, version and beta headers and a streaming body', async () => {
    const { fake } = await run(chunkedResponse(THINKING_STREAM));
    const call = fake.only();
    expect(call.url).toBe('https://api.anthropic.com/v1/messages');
    expect(call.method).toBe('POST');
    expect(call.redirect).toBe('manual');
    expect(call.headers.get('x-api-key')).toBe('sk-ant-test');
    expect(call.headers.get('anthropic-version')).toBe('2023-06-01');
    expect(call.headers.get('anthropic-beta')).toBe('prompt-caching-2024-07-31');
    expect(call.body).toMatchObject({
      model: 'claude-3-7-sonnet-20250219',
      stream: true,
      max_tokens: 8192,
      thinking: { type: 'enabled', budget_tokens: 2000 },
    });
  });

  it('uses a reverse proxy base URL, with or without its /v1', () => {
    expect(messagesUrl('https://proxy.example/anthropic/')).toBe('https://proxy.example/anthropic/v1/messages');
    expect(messagesUrl('https://proxy.example/anthropic/v1')).toBe('https://proxy.example/anthropic/v1/messages');
  });
});

describe('streamAnthropicChat: replies', () => {
  const expected: ProviderEvent[] = [
    { type: 'reasoning', text: 'The user greets me in French; ' },
    { type: 'reasoning', text: 'answer warmly — café ☕.' },
    {
      type: 'reasoning_signature',
      signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds6hYwcTUEbvE1d9lxiJ2nN2V4xG0Xy5wUzBcJHBx',
    },
    { type: 'text', text: 'Bonjour ! Un café ☕' },
    { type: 'text', text: ' et 日本の お茶 🙂' },
    { type: 'usage', promptTokens: 21, completionTokens: 87, cacheReadTokens: 2048, cacheWriteTokens: 1536 },
    { type: 'finish', reason: 'stop' },
  ];

  it('yields thinking with its signature, text, usage with cache reads and writes, then finish (awkward chunks)', async () => {
    const { events, error } = await run(chunkedResponse(THINKING_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual(expected);
  });

  it('yields the same events for one-byte chunks and for every single split point', async () => {
    expect((await run(chunkedResponse(THINKING_STREAM, [1]))).events).toEqual(expected);
    const size = new TextEncoder().encode(THINKING_STREAM).length;
    for (let at = 1; at < size; at += 7) {
      const { events } = await run(chunkedResponse(THINKING_STREAM, { splitAt: [at] }));
      expect(textOf(events), `split at ${at}`).toBe(THINKING_STREAM_TEXT);
      expect(reasoningOf(events), `split at ${at}`).toBe(THINKING_STREAM_REASONING);
    }
  });

  it('maps max_tokens to length and keeps input counts when message_delta sends nulls', async () => {
    const { events, error } = await run(chunkedResponse(MAX_TOKENS_STREAM), { model: 'claude-3-5-sonnet-20241022' });
    expect(error).toBeUndefined();
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 12, completionTokens: 3 },
      { type: 'finish', reason: 'length' },
    ]);
  });
});

describe('streamAnthropicChat: failures before the stream', () => {
  it.each([
    ['a 401', 'invalid_api_key', errors.AUTHENTICATION_ERROR, 401],
    ['a 400 prompt too long', 'INPUT_LENGTH', errors.PROMPT_TOO_LONG, 400],
    ['a 400 credit balance too low', 'insufficient_quota', errors.CREDIT_BALANCE_TOO_LOW, 400],
    ['a 400 invalid request', 'invalid_request_error', errors.INVALID_REQUEST, 400],
    ['a 429 rate limit', 'rate_limit', errors.RATE_LIMITED, 429],
    ['a 500 api_error', 'provider_error', errors.API_ERROR, 500],
    ['a 529 overloaded', 'provider_error', errors.OVERLOADED, 529],
  ] as const)('maps %s to %s', async (_name, code, body, status) => {
    const { events, error } = await run(errorResponse(body, status));
    expect(events).toEqual([]);
    const providerError = expectProviderError(error, code, status);
    expect(providerError.message).toBe((JSON.parse(body) as { error: { message: string } }).error.message);
  });

  it('maps a body that is not JSON (a proxy page) by status', async () => {
    const { error } = await run(new Response('<html>Bad Gateway</html>', { status: 502 }));
    expectProviderError(error, 'provider_error', 502);
  });

  it('maps a fetch that rejects to network_error', async () => {
    const { error } = await run(() => {
      throw new TypeError('fetch failed');
    });
    expectProviderError(error, 'network_error');
  });
});

describe('streamAnthropicChat: failures during the stream', () => {
  it('yields the text before a cut connection, then network_error', async () => {
    const cut = offsetOf(
      THINKING_STREAM,
      '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" et',
    );
    const { events, error } = await run(chunkedResponse(THINKING_STREAM, 'awkward', { cut: cutAfter(cut + 20) }));
    expect(textOf(events)).toBe('Bonjour ! Un café ☕');
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expectProviderError(error, 'network_error');
  });

  it('treats a body that just ends before message_delta as cut', async () => {
    const end = offsetOf(THINKING_STREAM, 'event: message_delta');
    const bytes = new TextEncoder().encode(THINKING_STREAM).slice(0, end);
    const { events, error } = await run(chunkedResponse(bytes));
    expect(textOf(events)).toBe(THINKING_STREAM_TEXT);
    expectProviderError(error, 'network_error');
  });

  it('yields the text before a mid-stream error event, then the mapped error', async () => {
    const { events, error } = await run(chunkedResponse(OVERLOADED_MID_STREAM, 'awkward'));
    expect(textOf(events)).toBe('Partial ré');
    expect(expectProviderError(error, 'provider_error').message).toBe('Overloaded');
  });

  it('fails a malformed event with provider_error after the text that came before', async () => {
    const { events, error } = await run(chunkedResponse(MALFORMED_STREAM, 'awkward'));
    expect(textOf(events)).toBe('Fine so far');
    expectProviderError(error, 'provider_error');
  });

  it('throws the abort reason, not a ProviderError, when the caller aborts a waiting stream', async () => {
    const controller = new AbortController();
    const wait = offsetOf(THINKING_STREAM, 'event: content_block_stop');
    const stream = streamAnthropicChat(
      { apiKey: 'k' },
      { ...request, signal: controller.signal },
      fakeFetch(chunkedResponse(THINKING_STREAM, [64], { cut: stallAfter(wait) })).fetch,
    );
    const seen: ProviderEvent[] = [];
    const outcome = (async () => {
      for await (const event of stream) {
        seen.push(event);
        if (seen.length === 2) setTimeout(() => controller.abort(new Error('user stopped')), 5);
      }
    })();
    await expect(outcome).rejects.toThrow('user stopped');
    expect(reasoningOf(seen)).toBe(THINKING_STREAM_REASONING);
  });
});
