import { describe, expect, it } from 'vitest';
import { normaliseParameters } from '../parameters';
import {
  chunkedResponse,
  collectEvents,
  cutAfter,
  fakeFetch,
  jsonResponse,
  offsetOf,
  reasoningOf,
  stallAfter,
  textOf,
} from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import {
  AZURE_STREAM,
  DEEPSEEK_REASONER_STREAM,
  MALFORMED_FRAME_STREAM,
  MID_STREAM_ERROR_STREAM,
  OPENROUTER_REASONING_STREAM,
} from './fixtures/compatible-streams';
import { GPT_4O_MINI_STREAM, GPT_4O_MINI_TEXT, O3_MINI_STREAM } from './fixtures/openai-stream';
import { streamOpenAIChat, type OpenAITarget } from './stream';

const TARGET: OpenAITarget = { baseURL: 'https://api.openai.com/v1', apiKey: 'sk-test' };

function chat(overrides: Partial<ChatRequest> = {}): ChatRequest {
  const model = overrides.model ?? 'gpt-4o-mini';
  return {
    model,
    messages: [{ role: 'user', content: 'Hi' }],
    parameters: normaliseParameters('openAI', model, {}),
    ...overrides,
  };
}

const GPT_4O_MINI_EVENTS: ProviderEvent[] = [
  ...['Bonjour', ' !', ' Ça', ' va', ' ?', ' 👋', ' 日本', '語', ' ok.'].map((text): ProviderEvent => ({
    type: 'text',
    text,
  })),
  { type: 'finish', reason: 'stop' },
  { type: 'usage', promptTokens: 19, completionTokens: 11 },
];

describe('streamOpenAIChat: the request', () => {
  it('POSTs a streamed chat completion with usage, the key and the default parameters', async () => {
    const fake = fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM));
    await collectEvents(streamOpenAIChat(TARGET, chat({ system: 'Be brief.' }), fake.fetch));
    const call = fake.only();
    expect(call.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(call.method).toBe('POST');
    expect(call.redirect).toBe('manual');
    expect(call.headers.get('authorization')).toBe('Bearer sk-test');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 1,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
    });
  });

  it('passes the abort signal to fetch', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM));
    await collectEvents(streamOpenAIChat(TARGET, chat({ signal: controller.signal }), fake.fetch));
    expect(fake.only().signal).toBe(controller.signal);
  });

  it('refuses a key that cannot be sent as a header, before calling', async () => {
    const fake = fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM));
    const { error } = await collectEvents(
      streamOpenAIChat({ ...TARGET, apiKey: 'sk-a\r\nX-Evil: 1' }, chat(), fake.fetch),
    );
    expect(error).toMatchObject({ code: 'invalid_api_key' });
    expect(fake.calls).toHaveLength(0);
  });
});

describe('streamOpenAIChat: replaying streams', () => {
  it('yields text, finish and usage from an awkwardly chunked OpenAI stream', async () => {
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM)).fetch),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual(GPT_4O_MINI_EVENTS);
    expect(textOf(events)).toBe(GPT_4O_MINI_TEXT);
  });

  it('yields the same events whatever byte the stream is split at', async () => {
    const length = new TextEncoder().encode(GPT_4O_MINI_STREAM).length;
    for (let at = 1; at < length; at += 7) {
      const fake = fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM, { splitAt: [at, at + 3] }));
      const { events } = await collectEvents(streamOpenAIChat(TARGET, chat(), fake.fetch));
      expect(events, `split at ${at}`).toEqual(GPT_4O_MINI_EVENTS);
    }
    const { events } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM, [1])).fetch),
    );
    expect(events).toEqual(GPT_4O_MINI_EVENTS);
  });

  it('reports cached prompt tokens and a length finish (o3-mini)', async () => {
    const { events } = await collectEvents(
      streamOpenAIChat(TARGET, chat({ model: 'o3-mini' }), fakeFetch(chunkedResponse(O3_MINI_STREAM)).fetch),
    );
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'length' },
      { type: 'usage', promptTokens: 1290, completionTokens: 200, cacheReadTokens: 1024 },
    ]);
    expect(textOf(events)).toBe('The answer is 42');
  });

  it('yields DeepSeek reasoning_content as reasoning, before the text', async () => {
    const { events, error } = await collectEvents(
      streamOpenAIChat(
        TARGET,
        chat({ model: 'deepseek-reasoner' }),
        fakeFetch(chunkedResponse(DEEPSEEK_REASONER_STREAM)).fetch,
      ),
    );
    expect(error).toBeUndefined();
    expect(reasoningOf(events)).toBe('Let me think: 2 × 21 = 42 ✓');
    expect(textOf(events)).toBe('It is 42.');
    expect(events.findIndex((event) => event.type === 'text')).toBeGreaterThan(
      events.findLastIndex((event) => event.type === 'reasoning'),
    );
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', promptTokens: 12, completionTokens: 31 },
    ]);
  });

  it('yields OpenRouter `reasoning` deltas and ignores its processing comments', async () => {
    const { events, error } = await collectEvents(
      streamOpenAIChat(
        TARGET,
        chat({ model: 'google/gemini-2.5-flash' }),
        fakeFetch(chunkedResponse(OPENROUTER_REASONING_STREAM)).fetch,
      ),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'reasoning', text: '**Checking** the maths…' },
      { type: 'text', text: 'Forty-two.' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', promptTokens: 9, completionTokens: 40 },
    ]);
  });

  it('reads Azure streams (empty first chunk, content filter results)', async () => {
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat({ model: 'gpt-4o' }), fakeFetch(chunkedResponse(AZURE_STREAM)).fetch),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', text: 'Hi from Azure' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', promptTokens: 14, completionTokens: 4 },
    ]);
  });

  it('reads a non-streamed JSON answer from a server that ignored stream: true', async () => {
    const answer = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Whole reply' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
    };
    const { events } = await collectEvents(streamOpenAIChat(TARGET, chat(), fakeFetch(jsonResponse(answer)).fetch));
    expect(events).toEqual([
      { type: 'text', text: 'Whole reply' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', promptTokens: 3, completionTokens: 2 },
    ]);
  });

  it('skips empty keep-alive data frames and accepts a finished stream without [DONE]', async () => {
    const stream = 'data: \n\ndata: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\n';
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(stream)).fetch),
    );
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', text: 'ok' },
      { type: 'finish', reason: 'stop' },
    ]);
  });
});

describe('streamOpenAIChat: failures during the stream', () => {
  it('yields the text before a connection cut, then throws network_error', async () => {
    // Cut inside the 👋 frame, in the middle of the emoji's four bytes.
    const cut = cutAfter(offsetOf(GPT_4O_MINI_STREAM, '👋') + 2);
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM, 'awkward', { cut })).fetch),
    );
    expect(textOf(events)).toBe('Bonjour ! Ça va ?');
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
  });

  it('treats a stream that ends cleanly but before finishing as cut', async () => {
    const truncated = GPT_4O_MINI_STREAM.slice(
      0,
      GPT_4O_MINI_STREAM.indexOf('data: {', GPT_4O_MINI_STREAM.indexOf('" ?"')),
    );
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(truncated)).fetch),
    );
    expect(textOf(events)).toBe('Bonjour ! Ça va ?');
    expect(error).toMatchObject({ code: 'network_error' });
  });

  it('fails on a malformed frame after yielding what came before it', async () => {
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(MALFORMED_FRAME_STREAM)).fetch),
    );
    expect(events).toEqual([{ type: 'text', text: 'Hello' }]);
    expect(error).toMatchObject({ code: 'provider_error' });
    expect((error as Error).message).toMatch(/malformed stream frame/);
  });

  it('fails on a frame that is JSON but not an object', async () => {
    const { error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse('data: 42\n\n')).fetch),
    );
    expect(error).toMatchObject({ code: 'provider_error' });
  });

  it('throws the error object sent inside the stream, after the text before it', async () => {
    const { events, error } = await collectEvents(
      streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(MID_STREAM_ERROR_STREAM)).fetch),
    );
    expect(textOf(events)).toBe('Partial answer');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'provider_error', message: 'Provider returned error' });
  });

  it('maps a quota error sent inside the stream, and a named error event', async () => {
    const quota =
      'data: {"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}\n\n';
    expect(
      (await collectEvents(streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(quota)).fetch))).error,
    ).toMatchObject({ code: 'insufficient_quota' });
    const named = 'event: error\ndata: {"message":"overloaded"}\n\n';
    expect(
      (await collectEvents(streamOpenAIChat(TARGET, chat(), fakeFetch(chunkedResponse(named)).fetch))).error,
    ).toMatchObject({
      code: 'provider_error',
      message: 'overloaded',
    });
  });
});

describe('streamOpenAIChat: abort', () => {
  it('throws the abort reason (not a ProviderError) when aborted mid-stream, keeping what arrived', async () => {
    const controller = new AbortController();
    const reason = new DOMException('The user stopped the reply', 'AbortError');
    const cut = stallAfter(offsetOf(GPT_4O_MINI_STREAM, '" ?"'));
    const fake = fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM, 'awkward', { cut }));
    const events: ProviderEvent[] = [];
    let thrown: unknown;
    try {
      for await (const event of streamOpenAIChat(TARGET, chat({ signal: controller.signal }), fake.fetch)) {
        events.push(event);
        if (textOf(events) === 'Bonjour ! Ça va') setTimeout(() => controller.abort(reason), 5);
      }
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(reason);
    expect(textOf(events)).toBe('Bonjour ! Ça va');
  });

  it('throws the abort reason when aborted before the call', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled early'));
    const { events, error } = await collectEvents(
      streamOpenAIChat(
        TARGET,
        chat({ signal: controller.signal }),
        fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM)).fetch,
      ),
    );
    expect(events).toEqual([]);
    expect(error).not.toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: 'cancelled early' });
  });
});
