/**
 * The mock's Anthropic, Google and Bedrock faces, checked twice: on the raw wire (event names,
 * framing, error documents) and through the app's own provider clients, so the mock and the
 * clients cannot drift apart without a test failing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamAnthropicChat } from '../../providers/anthropic';
import { streamBedrockChat } from '../../providers/bedrock';
import { EventStreamDecoder } from '../../providers/bedrock/event-stream';
import { streamGoogleChat } from '../../providers/google';
import { collectEvents, reasoningOf, textOf } from '../../providers/testing/collect';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../../providers/types';
import { parseDirectives } from './behaviour';
import { startMockOpenAI, type MockOpenAI } from './mock-openai-server';

const KEY = 'mock-key-1234';
let mock: MockOpenAI;

beforeEach(async () => {
  mock = await startMockOpenAI({ apiKey: KEY, text: 'Grüß dich ☕ aus 東京' });
});
afterEach(async () => {
  await mock.close();
});

const ask = (content: string, model: string, parameters: ChatRequest['parameters'] = {}): ChatRequest => ({
  model,
  messages: [{ role: 'user', content }],
  parameters,
});

type Provider = 'anthropic' | 'google' | 'bedrock';
const MODELS: Record<Provider, string> = {
  anthropic: 'claude-3-7-sonnet-20250219',
  google: 'gemini-2.5-flash',
  bedrock: 'anthropic.claude-3-7-sonnet-20250219-v1:0',
};

function stream(provider: Provider, content: string, key = KEY): AsyncGenerator<ProviderEvent> {
  const request = ask(
    content,
    MODELS[provider],
    provider === 'google' ? {} : { thinking: true, maxOutputTokens: 4000 },
  );
  if (provider === 'anthropic') return streamAnthropicChat({ baseURL: mock.url, apiKey: key }, request);
  if (provider === 'google') return streamGoogleChat({ baseURL: mock.url, apiKey: key }, request);
  return streamBedrockChat(
    { endpoint: mock.url, region: 'us-east-1', accessKeyId: key, secretAccessKey: 'secret' },
    request,
  );
}

function errorCode(error: unknown): string | undefined {
  return error instanceof ProviderError ? error.code : undefined;
}

describe.each(['anthropic', 'google', 'bedrock'] as const)('%s format through the app client', (provider) => {
  it('streams reasoning, the reply, usage and a stop', async () => {
    const { events, error } = await collectEvents(
      stream(provider, '[mock:reasoning=Erst denken.][mock:chunks=3] hallo'),
    );
    expect(error).toBeUndefined();
    expect(reasoningOf(events)).toBe('Erst denken.');
    expect(textOf(events)).toBe('Grüß dich ☕ aus 東京');
    expect(events.filter((event) => event.type === 'text')).toHaveLength(3);
    expect(events.at(-2)).toMatchObject({
      type: 'usage',
      promptTokens: expect.any(Number),
      completionTokens: expect.any(Number),
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it.each([
    [401, 'invalid_api_key'],
    [400, 'INPUT_LENGTH'],
    [429, provider === 'google' ? 'insufficient_quota' : 'rate_limit'],
    [500, 'provider_error'],
  ] as const)('fails as directed by [mock:fail=%i] → %s', async (status, code) => {
    const { events, error } = await collectEvents(stream(provider, `[mock:fail=${status}] hi`));
    expect(events).toEqual([]);
    expect(errorCode(error)).toBe(code);
  });

  it('refuses a wrong credential with the provider’s auth error', async () => {
    const { error } = await collectEvents(stream(provider, 'hi', 'wrong-key-0000'));
    expect(errorCode(error)).toBe('invalid_api_key');
  });

  it('fails mid-stream in the provider’s shape after [mock:error-after=1], keeping the text before', async () => {
    const { events, error } = await collectEvents(stream(provider, '[mock:chunks=3][mock:error-after=1] hi'));
    expect(textOf(events)).toBe('Grüß d');
    expect(errorCode(error)).toBe(provider === 'bedrock' ? 'rate_limit' : 'provider_error');
  });

  it('drops the connection after [mock:drop-after=2] and the client reports network_error', async () => {
    const { events, error } = await collectEvents(stream(provider, '[mock:chunks=3][mock:drop-after=2] hi'));
    expect(textOf(events)).toBe('Grüß dich ☕ ');
    expect(errorCode(error)).toBe('network_error');
  });

  it('ends a [mock:block=reply] with the provider’s content-filter outcome', async () => {
    const { events, error } = await collectEvents(stream(provider, '[mock:block=reply] hi'));
    expect(textOf(events)).toBe('Grüß dich ☕ aus 東京');
    if (provider === 'google') expect(errorCode(error)).toBe('google_error');
    else expect(events.at(-1)).toEqual({ type: 'finish', reason: 'content_filter' });
  });
});

describe('Anthropic wire', () => {
  const post = (body: Record<string, unknown>, key = KEY) =>
    fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(body),
    });

  it('streams the Messages API events in order, with a signed thinking block before the text', async () => {
    const res = await post({
      model: 'claude-3-7-sonnet-20250219',
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: '[mock:reasoning=Hm.][mock:chunks=2] hi' }],
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await res.text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    expect(names).toEqual([
      'message_start',
      'ping',
      // thinking: two thinking_delta pieces, then its signature_delta
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(text).toContain('"delta":{"type":"signature_delta"');
    expect(text).toMatch(/"delta":\{"stop_reason":"end_turn","stop_sequence":null\},"usage":\{"output_tokens":\d+\}/);
  });

  it('answers errors as {type:"error", error:{type, message}}', async () => {
    const res = await post(
      { model: 'claude-3-5-sonnet-latest', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'hi' }] },
      'nope',
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    const invalid = await post({
      model: 'claude-3-5-sonnet-latest',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
    });
  });

  it('answers a Message document without stream: true', async () => {
    const res = await post({
      model: 'claude-3-5-sonnet-latest',
      max_tokens: 10,
      messages: [{ role: 'user', content: '[mock:text=Title] hi' }],
    });
    expect(await res.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Title' }],
      stop_reason: 'end_turn',
      usage: { output_tokens: 2 },
    });
  });
});

describe('Google wire', () => {
  const post = (model: string, body: Record<string, unknown>) =>
    fetch(`${mock.url}/v1beta/models/${model}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': KEY },
      body: JSON.stringify(body),
    });

  it('frames chunks with CRLF and sends thought parts only when includeThoughts is asked for', async () => {
    const contents = [{ role: 'user', parts: [{ text: '[mock:reasoning=Plan.] hi' }] }];
    const withThoughts = await (
      await post('gemini-2.5-flash', { contents, generationConfig: { thinkingConfig: { includeThoughts: true } } })
    ).text();
    expect(withThoughts.endsWith('\r\n\r\n')).toBe(true);
    expect(withThoughts).toContain('"thought":true');
    expect(withThoughts).toMatch(/"finishReason":"STOP".*"usageMetadata":\{"promptTokenCount":\d+/);
    const without = await (await post('gemini-2.5-flash', { contents })).text();
    expect(without).not.toContain('"thought"');
  });

  it('blocks the prompt with promptFeedback on [mock:block=prompt]', async () => {
    const text = await (
      await post('gemini-1.5-flash', { contents: [{ role: 'user', parts: [{ text: '[mock:block=prompt] hi' }] }] })
    ).text();
    expect(text).toContain('"promptFeedback":{"blockReason":"SAFETY"');
    const { error } = await collectEvents(
      streamGoogleChat({ baseURL: mock.url, apiKey: KEY }, ask('[mock:block=prompt] hi', 'gemini-1.5-flash')),
    );
    expect(errorCode(error)).toBe('google_error');
    expect((error as Error).message).toContain('HARM_CATEGORY_DANGEROUS_CONTENT');
  });

  it('answers a bad key as Google does: 400 INVALID_ARGUMENT with reason API_KEY_INVALID', async () => {
    const res = await fetch(`${mock.url}/v1beta/models/gemini-pro:streamGenerateContent?alt=sse&key=bad`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 400, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] },
    });
  });
});

describe('Bedrock wire', () => {
  it('answers application/vnd.amazon.eventstream frames with valid checksums and event types', async () => {
    const res = await fetch(
      `${mock.url}/model/${encodeURIComponent('anthropic.claude-3-haiku-20240307-v1:0')}/converse-stream`,
      {
        method: 'POST',
        headers: {
          authorization: `AWS4-HMAC-SHA256 Credential=${KEY}/20250101/us-east-1/bedrock/aws4_request, SignedHeaders=host, Signature=00`,
        },
        body: JSON.stringify({ messages: [{ role: 'user', content: [{ text: '[mock:chunks=2] hi' }] }] }),
      },
    );
    expect(res.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const decoder = new EventStreamDecoder();
    const frames = decoder.push(new Uint8Array(await res.arrayBuffer()));
    decoder.end();
    expect(frames.map((frame) => frame.headers[':event-type'])).toEqual([
      'messageStart',
      'contentBlockDelta',
      'contentBlockDelta',
      'contentBlockStop',
      'messageStop',
      'metadata',
    ]);
    expect(frames.every((frame) => frame.headers[':message-type'] === 'event')).toBe(true);
  });

  it('answers HTTP errors with x-amzn-errortype and a {message} body', async () => {
    const res = await fetch(`${mock.url}/model/x/converse-stream`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-amzn-errortype')).toMatch(/^UnrecognizedClientException:/);
    expect(await res.json()).toEqual({ message: 'The security token included in the request is invalid.' });
  });
});

describe('new directives and options', () => {
  it('reads error-after and block, and refuses unknown block kinds', () => {
    expect(parseDirectives('[mock:error-after=2][mock:block=prompt] x').behaviour).toEqual({
      errorAfter: 2,
      block: 'prompt',
    });
    expect(parseDirectives('[mock:block=everything] x').unknown).toEqual(['block=everything']);
  });

  it('takes errorAfter and block as server options over HTTP', async () => {
    const set = await fetch(`${mock.url}/__mock/options`, {
      method: 'POST',
      body: JSON.stringify({ block: 'reply', errorAfter: 0 }),
    });
    expect(set.status).toBe(200);
    const { error } = await collectEvents(stream('bedrock', 'hi'));
    expect(errorCode(error)).toBe('rate_limit');
    expect(
      (await fetch(`${mock.url}/__mock/options`, { method: 'POST', body: JSON.stringify({ block: 'all' }) })).status,
    ).toBe(400);
  });
});
