import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectEvents,
  cutAfter,
  fakeFetch,
  offsetOf,
  reasoningOf,
  textOf,
  type FakeAnswer,
} from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import * as errors from './fixtures/errors';
import * as fixtures from './fixtures/stream';
import { streamGenerateContentUrl, streamGoogleChat } from './stream';

const request: ChatRequest = {
  model: 'gemini-2.5-flash',
  system: 'Antworte kurz.',
  messages: [{ role: 'user', content: 'Hallo' }],
  parameters: { temperature: 1, topP: 0.95, topK: 40, maxOutputTokens: 8192 },
};

async function run(answer: FakeAnswer, overrides: Partial<ChatRequest> = {}) {
  const fake = fakeFetch(answer);
  const result = await collectEvents(
    streamGoogleChat({ apiKey: 'AIza-test' }, { ...request, ...overrides }, fake.fetch),
  );
  return { ...result, fake };
}

const errorResponse = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });

function expectProviderError(error: unknown, code: string): ProviderError {
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).code).toBe(code);
  return error as ProviderError;
}

describe('streamGoogleChat: the request on the wire', () => {
  it('POSTs streamGenerateContent?alt=sse with the key in x-goog-api-key, not the URL', async () => {
    const { fake } = await run(chunkedResponse(fixtures.THINKING_STREAM));
    const call = fake.only();
    expect(call.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(call.headers.get('x-goog-api-key')).toBe('AIza-test');
    expect(call.url).not.toContain('AIza');
    expect(call.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Hallo' }] }],
      systemInstruction: { parts: [{ text: 'Antworte kurz.' }] },
      generationConfig: {
        temperature: 1,
        topP: 0.95,
        topK: 40,
        maxOutputTokens: 8192,
        thinkingConfig: { includeThoughts: true },
      },
    });
  });

  it('uses a reverse proxy, with or without its /v1beta, and strips a models/ prefix', () => {
    expect(streamGenerateContentUrl('models/gemini-pro', 'https://proxy.example/google/v1beta/')).toBe(
      'https://proxy.example/google/v1beta/models/gemini-pro:streamGenerateContent?alt=sse',
    );
  });
});

describe('streamGoogleChat: replies', () => {
  const expected: ProviderEvent[] = [
    { type: 'reasoning', text: fixtures.THINKING_STREAM_REASONING },
    { type: 'text', text: 'Grüß Gott aus 東京' },
    { type: 'text', text: '! 🚀 Schön, dich zu sehen.' },
    // 9 prompt tokens of which 4 came from the context cache; 14 answer + 44 thought tokens.
    { type: 'usage', promptTokens: 5, completionTokens: 58, cacheReadTokens: 4 },
    { type: 'finish', reason: 'stop' },
  ];

  it('yields thoughts as reasoning, text, the last usage and finish (awkward chunks, CRLF framing)', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.THINKING_STREAM, 'awkward'));
    expect(error).toBeUndefined();
    expect(events).toEqual(expected);
  });

  it('yields the same for one-byte chunks and split points across the stream', async () => {
    expect((await run(chunkedResponse(fixtures.THINKING_STREAM, [1]))).events).toEqual(expected);
    const size = new TextEncoder().encode(fixtures.THINKING_STREAM).length;
    for (let at = 1; at < size; at += 5) {
      const { events } = await run(chunkedResponse(fixtures.THINKING_STREAM, { splitAt: [at, at + 1] }));
      expect(textOf(events), `split at ${at}`).toBe(fixtures.THINKING_STREAM_TEXT);
    }
  });

  it('maps MAX_TOKENS to length', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.MAX_TOKENS_STREAM), {
      model: 'gemini-1.5-flash-latest',
    });
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Es war einmal ein');
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 6, completionTokens: 4 },
      { type: 'finish', reason: 'length' },
    ]);
  });
});

describe('streamGoogleChat: safety blocks', () => {
  it('ends a reply stopped for SAFETY with google_error naming the reason and blocked category', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.SAFETY_STREAM, 'awkward'));
    expect(textOf(events)).toBe('Here is how you');
    expect(events.find((event) => event.type === 'usage')).toEqual({
      type: 'usage',
      promptTokens: 11,
      completionTokens: 4,
    });
    const { message } = expectProviderError(error, 'google_error');
    expect(message).toContain('SAFETY');
    expect(message).toContain('HARM_CATEGORY_DANGEROUS_CONTENT (HIGH)');
    expect(message).not.toContain('HARM_CATEGORY_HARASSMENT');
  });

  it('reports a blocked prompt with the categories rated medium or high', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.PROMPT_BLOCKED_STREAM));
    expect(events).toEqual([]);
    const { message } = expectProviderError(error, 'google_error');
    expect(message).toMatch(/blocked the prompt \(reason: SAFETY\)/);
    expect(message).toContain('HARM_CATEGORY_HARASSMENT (HIGH)');
    expect(message).toContain('HARM_CATEGORY_HATE_SPEECH (MEDIUM)');
    expect(message).not.toContain('SEXUALLY_EXPLICIT');
  });

  it('treats RECITATION as a block too', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.RECITATION_STREAM));
    expect(textOf(events)).toBe('The lyrics go');
    expect(expectProviderError(error, 'google_error').message).toContain('RECITATION');
  });
});

describe('streamGoogleChat: failures before the stream', () => {
  it.each([
    ['a 400 API_KEY_INVALID', 'invalid_api_key', errors.API_KEY_INVALID, 400],
    ['a 400 input too long', 'INPUT_LENGTH', errors.INPUT_TOO_LONG, 400],
    ['a 400 invalid argument', 'invalid_request_error', errors.INVALID_ARGUMENT, 400],
    ['a 429 daily quota', 'insufficient_quota', errors.QUOTA_EXHAUSTED, 429],
    ['a 429 per-minute limit', 'rate_limit', errors.PER_MINUTE_LIMIT, 429],
    ['a 500 internal error', 'provider_error', errors.INTERNAL, 500],
  ] as const)('maps %s to %s', async (_name, code, body, status) => {
    const { events, error } = await run(errorResponse(body, status));
    expect(events).toEqual([]);
    const providerError = expectProviderError(error, code);
    expect(providerError.status).toBe(status);
    expect(providerError.message).toBe((JSON.parse(body) as { error: { message: string } }).error.message);
  });

  it('maps a 401 without a JSON body to invalid_api_key, and a 503 page to provider_error', async () => {
    expectProviderError((await run(new Response('Unauthorized', { status: 401 }))).error, 'invalid_api_key');
    expectProviderError((await run(new Response('<html>unavailable</html>', { status: 503 }))).error, 'provider_error');
  });
});

describe('streamGoogleChat: failures during the stream', () => {
  it('yields the text before a cut connection, then network_error', async () => {
    const cut = offsetOf(fixtures.THINKING_STREAM, '{"text": "! 🚀');
    const { events, error } = await run(
      chunkedResponse(fixtures.THINKING_STREAM, 'awkward', { cut: cutAfter(cut + 11) }),
    );
    expect(reasoningOf(events)).toBe(fixtures.THINKING_STREAM_REASONING);
    expect(textOf(events)).toBe('Grüß Gott aus 東京');
    expect(events.some((event) => event.type === 'finish' || event.type === 'usage')).toBe(false);
    expectProviderError(error, 'network_error');
  });

  it('treats a body that ends cleanly before a finish reason as cut', async () => {
    const end = offsetOf(fixtures.THINKING_STREAM, 'data: {"candidates": [{"content": {"parts": [{"text": "! ');
    const { events, error } = await run(
      chunkedResponse(new TextEncoder().encode(fixtures.THINKING_STREAM).slice(0, end)),
    );
    expect(textOf(events)).toBe('Grüß Gott aus 東京');
    expectProviderError(error, 'network_error');
  });

  it('maps an error chunk inside the stream after yielding the text before it', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.ERROR_MID_STREAM, 'awkward'));
    expect(textOf(events)).toBe('Partial Antwort');
    expect(expectProviderError(error, 'provider_error').message).toContain('overloaded');
  });

  it('fails a malformed chunk with provider_error after the text before it', async () => {
    const { events, error } = await run(chunkedResponse(fixtures.MALFORMED_STREAM, 'awkward'));
    expect(textOf(events)).toBe('Alles gut');
    expectProviderError(error, 'provider_error');
  });
});
