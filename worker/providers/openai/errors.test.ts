import { describe, expect, it } from 'vitest';
import { normaliseParameters } from '../parameters';
import { collectEvents, fakeFetch } from '../testing';
import { ProviderError, type ChatRequest, type ProviderErrorCode } from '../types';
import {
  AZURE_401_INVALID_KEY,
  NGINX_502_HTML,
  OPENAI_400_CONTEXT_LENGTH,
  OPENAI_400_UNSUPPORTED_PARAMETER,
  OPENAI_401_INVALID_KEY,
  OPENAI_429_INSUFFICIENT_QUOTA,
  OPENAI_429_RATE_LIMIT,
  OPENAI_500_SERVER_ERROR,
  VLLM_400_CONTEXT_LENGTH,
} from './fixtures/error-bodies';
import { streamOpenAIChat, type OpenAITarget } from './stream';

const TARGET: OpenAITarget = { baseURL: 'https://api.openai.com/v1', apiKey: 'sk-test' };
const CHAT: ChatRequest = {
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hi' }],
  parameters: normaliseParameters('openAI', 'gpt-4o-mini', {}),
};

async function failureOf(response: Response | (() => Response)): Promise<ProviderError> {
  const fake = fakeFetch(typeof response === 'function' ? () => response() : response);
  const { events, error } = await collectEvents(streamOpenAIChat(TARGET, CHAT, fake.fetch));
  expect(events).toEqual([]);
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

function answer(body: string, status: number, contentType = 'application/json'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

describe('errors before the stream', () => {
  it.each<[string, string, number, ProviderErrorCode, RegExp]>([
    ['OpenAI 401 invalid_api_key', OPENAI_401_INVALID_KEY, 401, 'invalid_api_key', /Incorrect API key provided/],
    ['Azure 401', AZURE_401_INVALID_KEY, 401, 'invalid_api_key', /Access denied/],
    ['429 insufficient_quota', OPENAI_429_INSUFFICIENT_QUOTA, 429, 'insufficient_quota', /exceeded your current quota/],
    ['429 rate limit', OPENAI_429_RATE_LIMIT, 429, 'rate_limit', /Rate limit reached/],
    [
      '400 context_length_exceeded',
      OPENAI_400_CONTEXT_LENGTH,
      400,
      'INPUT_LENGTH',
      /maximum context length is 128000 tokens/,
    ],
    [
      'vLLM 400 context length without a code',
      VLLM_400_CONTEXT_LENGTH,
      400,
      'INPUT_LENGTH',
      /maximum context length is 8192/,
    ],
    ['other 400', OPENAI_400_UNSUPPORTED_PARAMETER, 400, 'invalid_request_error', /Unsupported parameter/],
    [
      '404 unknown model',
      '{"error":{"message":"The model `gpt-9` does not exist","type":"invalid_request_error","code":"model_not_found"}}',
      404,
      'invalid_request_error',
      /does not exist/,
    ],
    ['500', OPENAI_500_SERVER_ERROR, 500, 'provider_error', /server had an error/],
    ['503 with a plain string error', '{"error":"upstream overloaded"}', 503, 'provider_error', /upstream overloaded/],
  ])('%s', async (_name, body, status, code, message) => {
    const error = await failureOf(answer(body, status));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
  });

  it('reads an HTML error page from a proxy as text', async () => {
    const error = await failureOf(answer(NGINX_502_HTML, 502, 'text/html'));
    expect(error).toMatchObject({ code: 'provider_error', status: 502 });
    expect(error.message).toBe('502 Bad Gateway 502 Bad Gateway nginx');
  });

  it('falls back to the status when the body is empty', async () => {
    const error = await failureOf(new Response(null, { status: 500 }));
    expect(error.message).toBe('The provider answered HTTP 500.');
  });

  it('does not follow a redirect', async () => {
    const error = await failureOf(
      new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } }),
    );
    expect(error).toMatchObject({ code: 'provider_error', status: 302 });
  });

  it('maps a fetch failure to network_error', async () => {
    const fake = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const { error } = await collectEvents(streamOpenAIChat(TARGET, CHAT, fake.fetch));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network_error' });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});
