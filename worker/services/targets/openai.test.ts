import { describe, expect, it } from 'vitest';
import { streamOpenAIChat } from '../../providers/openai';
import { GPT_4O_MINI_STREAM } from '../../providers/openai/fixtures/openai-stream';
import { normaliseParameters } from '../../providers/parameters';
import { chunkedResponse, collectEvents, fakeFetch } from '../../providers/testing';
import { ProviderError, type ChatRequest } from '../../providers/types';
import { customEndpointSchema, type CustomEndpointConfig } from '../config/schema-endpoints';
import { resolveCustomTarget, resolveOpenAITarget, resolveOperatorHeaders } from './openai';

const ENV = {
  OPENROUTER_KEY: 'sk-or-secret',
  JWT_SECRET: 'jwt-very-secret',
  GATEWAY_URL: 'https://gateway.example.com/v1',
  TEAM: 'blue',
};

function custom(overrides: Partial<CustomEndpointConfig> = {}): CustomEndpointConfig {
  return customEndpointSchema.parse({
    name: 'OpenRouter',
    apiKey: '${OPENROUTER_KEY}',
    baseURL: 'https://openrouter.ai/api/v1',
    models: { default: ['meta-llama/llama-3-70b-instruct'] },
    ...overrides,
  });
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ProviderError) return error.code;
    throw error;
  }
  return undefined;
}

describe('resolveOpenAITarget', () => {
  it('uses OpenAI with the system key by default', () => {
    expect(resolveOpenAITarget({ OPENAI_API_KEY: 'sk-sys' })).toEqual({
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-sys',
    });
  });

  it('trusts the operator reverse proxy (even on loopback) and adds the organization header', () => {
    expect(
      resolveOpenAITarget({
        OPENAI_API_KEY: 'sk-sys',
        OPENAI_REVERSE_PROXY: 'http://127.0.0.1:8080/v1',
        OPENAI_ORGANIZATION: 'org-1',
      }),
    ).toEqual({
      baseURL: 'http://127.0.0.1:8080/v1',
      apiKey: 'sk-sys',
      headers: { 'OpenAI-Organization': 'org-1' },
    });
  });

  it('takes the user key and URL for user_provided, checking the URL', () => {
    const env = { OPENAI_API_KEY: 'user_provided', OPENAI_REVERSE_PROXY: 'user_provided' };
    expect(resolveOpenAITarget(env, { apiKey: 'sk-user', baseURL: 'https://proxy.example.com/v1' })).toEqual({
      baseURL: 'https://proxy.example.com/v1',
      apiKey: 'sk-user',
    });
    expect(codeOf(() => resolveOpenAITarget(env, { baseURL: 'https://proxy.example.com/v1' }))).toBe('no_user_key');
    expect(codeOf(() => resolveOpenAITarget(env, { apiKey: 'sk-user' }))).toBe('no_base_url');
    expect(
      codeOf(() => resolveOpenAITarget(env, { apiKey: 'sk-user', baseURL: 'http://[::ffff:127.0.0.1]:3080/' })),
    ).toBe('invalid_request_error');
  });
});

describe('resolveCustomTarget', () => {
  it('expands whole-value ${VAR} references in the operator apiKey, baseURL and headers', () => {
    const target = resolveCustomTarget(
      custom({
        baseURL: '${GATEWAY_URL}',
        headers: { 'X-Team': '${TEAM}', 'X-Title': 'LibreChat' },
        addParams: { safe: true },
        dropParams: ['stop'],
      }),
      ENV,
    );
    expect(target).toEqual({
      baseURL: 'https://gateway.example.com/v1',
      apiKey: 'sk-or-secret',
      headers: { 'X-Team': 'blue', 'X-Title': 'LibreChat' },
      addParams: { safe: true },
      dropParams: ['stop'],
    });
  });

  it('does not expand references embedded in a longer value, and drops headers whose variable is unset', () => {
    const headers = resolveOperatorHeaders(
      { Authorization: 'Bearer ${JWT_SECRET}', 'X-Missing': '${NOT_SET}', 'X-Team': '${TEAM}' },
      ENV,
    );
    expect(headers).toEqual({ Authorization: 'Bearer ${JWT_SECRET}', 'X-Team': 'blue' });
  });

  it('fills user placeholders after expansion, so a user value is never expanded', () => {
    const headers = resolveOperatorHeaders(
      { 'X-User': '{{LIBRECHAT_USER_ID}}', 'X-Email': 'mail:{{LIBRECHAT_USER_EMAIL}}' },
      ENV,
      {
        id: '${JWT_SECRET}',
        email: '$& ${OPENROUTER_KEY}',
      },
    );
    expect(headers).toEqual({ 'X-User': '${JWT_SECRET}', 'X-Email': 'mail:$& ${OPENROUTER_KEY}' });
    expect(JSON.stringify(headers)).not.toContain('jwt-very-secret');
    expect(JSON.stringify(headers)).not.toContain('sk-or-secret');
  });

  it('uses a user-provided key verbatim, never as a ${VAR} reference', () => {
    const target = resolveCustomTarget(custom({ apiKey: 'user_provided' }), ENV, { apiKey: '${JWT_SECRET}' });
    expect(target.apiKey).toBe('${JWT_SECRET}');
  });

  it('refuses a user-provided base URL that is a reference, private, or missing', () => {
    const endpoint = custom({ baseURL: 'user_provided' });
    expect(codeOf(() => resolveCustomTarget(endpoint, ENV, { baseURL: '${GATEWAY_URL}' }))).toBe(
      'invalid_request_error',
    );
    expect(codeOf(() => resolveCustomTarget(endpoint, ENV, { baseURL: 'http://169.254.169.254/latest' }))).toBe(
      'invalid_request_error',
    );
    expect(codeOf(() => resolveCustomTarget(endpoint, ENV, { baseURL: 'http://0x7f.1:11434/v1' }))).toBe(
      'invalid_request_error',
    );
    expect(codeOf(() => resolveCustomTarget(endpoint, ENV, {}))).toBe('no_base_url');
    expect(resolveCustomTarget(endpoint, ENV, { baseURL: 'https://api.groq.com/openai/v1' }).baseURL).toBe(
      'https://api.groq.com/openai/v1',
    );
  });

  it('trusts an operator base URL on loopback (the local mock provider)', () => {
    expect(resolveCustomTarget(custom({ baseURL: 'http://127.0.0.1:4010/v1' }), ENV).baseURL).toBe(
      'http://127.0.0.1:4010/v1',
    );
  });

  it('fails clearly when the key variable is unset', () => {
    expect(codeOf(() => resolveCustomTarget(custom({ apiKey: '${NOT_SET}' }), ENV))).toBe('provider_error');
  });
});

describe('a custom endpoint on the wire', () => {
  it('sends the resolved headers, addParams and dropParams', async () => {
    const target = resolveCustomTarget(
      custom({
        headers: { 'HTTP-Referer': 'https://chat.example.com', 'X-Team': '${TEAM}' },
        addParams: { transforms: ['middle-out'] },
        dropParams: ['stream_options', 'frequency_penalty'],
      }),
      ENV,
    );
    const request: ChatRequest = {
      model: 'meta-llama/llama-3-70b-instruct',
      messages: [{ role: 'user', content: 'Hi' }],
      parameters: normaliseParameters('custom', 'meta-llama/llama-3-70b-instruct', { temperature: '0.7' }),
    };
    const fake = fakeFetch(chunkedResponse(GPT_4O_MINI_STREAM));
    const { error } = await collectEvents(streamOpenAIChat(target, request, fake.fetch));
    expect(error).toBeUndefined();
    const call = fake.only();
    expect(call.url).toBe('https://openrouter.ai/api/v1/chat/completions');
    expect(call.headers.get('authorization')).toBe('Bearer sk-or-secret');
    expect(call.headers.get('http-referer')).toBe('https://chat.example.com');
    expect(call.headers.get('x-team')).toBe('blue');
    expect(call.body).toEqual({
      model: 'meta-llama/llama-3-70b-instruct',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      temperature: 0.7,
      top_p: 1,
      presence_penalty: 0,
      transforms: ['middle-out'],
    });
  });
});
