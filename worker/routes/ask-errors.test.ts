import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OPENAI_400_CONTEXT_LENGTH,
  OPENAI_401_INVALID_KEY,
  OPENAI_429_INSUFFICIENT_QUOTA,
  OPENAI_429_RATE_LIMIT,
  OPENAI_500_SERVER_ERROR,
} from '../providers/openai/fixtures/error-bodies';
import { chunkedResponse, cutAfter } from '../providers/testing';
import { jsonError, openAITextChunk, stubOpenAIReplies, stubProvider } from '../test/chat/provider-replies';
import { savedMessages, TEST_BASE_URL } from '../test/chat/run-fixtures';
import { CUSTOM_ENDPOINT_CONFIG, errorOf, finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { saveUserKey } from '../services/user-keys/store';
import { createTestUser } from '../test/auth-helpers';
import { TEST_CREDS } from '../test/two-factor-helpers';

const USER_KEY_CONFIG = `
version: 1.2.5
endpoints:
  custom:
    - name: Test
      apiKey: user_provided
      baseURL: ${TEST_BASE_URL}
      models:
        default: [test-model]
    - name: OwnURL
      apiKey: sk-operator
      baseURL: user_provided
      models:
        default: [test-model]
`;

const keyEnv = { ...TEST_CREDS, DB: env.DB };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user-provided keys', () => {
  beforeEach(async () => {
    await useConfig(USER_KEY_CONFIG);
  });

  it('refuses with no_user_key when the user has not set one, calling nobody', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['never']);
    const result = await send(user, '/api/ask/custom', sendBody(), TEST_CREDS);
    expect(result.response.status).toBe(200);
    expect(result.frames.map((frame) => frame.event)).toEqual(['error']);
    expect(errorOf(result)).toEqual({ type: 'no_user_key' });
    expect(calls).toHaveLength(0);
  });

  it('refuses with expired_user_key, naming the endpoint and the expiry', async () => {
    const user = await createTestUser();
    const expiredAt = Date.now() - 60_000;
    await saveUserKey(keyEnv, user.id, 'Test', 'sk-user-old', expiredAt);
    const result = await send(user, '/api/ask/custom', sendBody(), TEST_CREDS);
    expect(errorOf(result)).toEqual({
      type: 'expired_user_key',
      endpoint: 'Test',
      expiredAt: new Date(expiredAt).toISOString(),
    });
  });

  it('refuses with no_base_url when the base URL is the user’s and missing', async () => {
    const user = await createTestUser();
    const result = await send(user, '/api/ask/custom', sendBody({ endpoint: 'OwnURL' }), TEST_CREDS);
    expect(errorOf(result)).toEqual({ type: 'no_base_url' });
  });

  it('calls the provider with the user’s key, and reports a key it rejects as invalid_user_key', async () => {
    const user = await createTestUser();
    await saveUserKey(keyEnv, user.id, 'Test', 'sk-user-mine', null);
    const calls = stubProvider(() => jsonError(OPENAI_401_INVALID_KEY, 401));
    const result = await send(user, '/api/ask/custom', sendBody({ text: 'Hi' }), TEST_CREDS);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk-user-mine');
    expect(result.frames.map((frame) => frame.event)).toEqual(['message', 'error']);
    expect(result.frames[0]?.data).toMatchObject({ created: true });
    expect(errorOf(result)).toEqual({ type: 'invalid_user_key' });
    const conversationId = String(result.frames[1]?.data.conversationId);
    const saved = await savedMessages(conversationId);
    expect(saved.map((m) => [m.isCreatedByUser, m.error, m.text])).toEqual([
      [1, 0, 'Hi'],
      [0, 1, '{"type":"invalid_user_key"}'],
    ]);
  });

  it('uses a user base URL stored with the key, refusing private addresses', async () => {
    const user = await createTestUser();
    await saveUserKey(keyEnv, user.id, 'OwnURL', JSON.stringify({ baseURL: 'http://127.0.0.1:8080/v1' }), null);
    const refused = await send(user, '/api/ask/custom', sendBody({ endpoint: 'OwnURL' }), TEST_CREDS);
    expect(errorOf(refused)).toMatchObject({ type: 'invalid_request_error' });
    await saveUserKey(keyEnv, user.id, 'OwnURL', JSON.stringify({ baseURL: 'https://own.example.com/v1' }), null);
    const calls = stubOpenAIReplies(['From my own server.']);
    const result = await send(user, '/api/ask/custom', sendBody({ endpoint: 'OwnURL' }), TEST_CREDS);
    expect(finalOf(result).responseMessage.text).toBe('From my own server.');
    expect(calls[0]?.url).toBe('https://own.example.com/v1/chat/completions');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk-operator');
  });
});

describe('provider failures', () => {
  beforeEach(async () => {
    await useConfig(CUSTOM_ENDPOINT_CONFIG);
  });

  it.each([
    [
      'an invalid system key',
      OPENAI_401_INVALID_KEY,
      401,
      { type: 'invalid_api_key', info: expect.stringContaining('Incorrect API key') },
    ],
    [
      'an exhausted quota',
      OPENAI_429_INSUFFICIENT_QUOTA,
      429,
      { type: 'insufficient_quota', info: expect.stringContaining('quota') },
    ],
    [
      'a prompt over the context length',
      OPENAI_400_CONTEXT_LENGTH,
      400,
      { type: 'INPUT_LENGTH', info: expect.stringContaining('maximum context length') },
    ],
  ])('reports %s with its catalogue code', async (_name, body, status, expected) => {
    const user = await createTestUser();
    stubProvider(() => jsonError(body, status));
    const result = await send(user, '/api/ask/custom', sendBody());
    expect(result.frames.at(-1)).toMatchObject({
      event: 'error',
      data: { error: true, final: true, sender: 'Tester', isCreatedByUser: false },
    });
    expect(errorOf(result)).toEqual(expected);
  });

  it.each([
    ['a rate limit', OPENAI_429_RATE_LIMIT, 429, 'Rate limit reached'],
    ['a server error', OPENAI_500_SERVER_ERROR, 500, 'The server had an error'],
  ])('reports %s as plain text', async (_name, body, status, text) => {
    const user = await createTestUser();
    stubProvider(() => jsonError(body, status));
    const result = await send(user, '/api/ask/custom', sendBody());
    expect(errorOf(result)).toEqual(expect.stringContaining(text));
  });

  it('ends a stream cut after some text with a final, unfinished reply, and saves the text', async () => {
    const user = await createTestUser();
    const delivered = openAITextChunk('Half of the ') + openAITextChunk('answer');
    // Built inside the provider call (streams cannot cross from the test into the DO).
    stubProvider(() =>
      chunkedResponse(delivered + openAITextChunk(' never arrives'), [64], {
        cut: cutAfter(new TextEncoder().encode(delivered).length),
      }),
    );
    const result = await send(user, '/api/ask/custom', sendBody());
    expect(result.frames.some((frame) => frame.event === 'error')).toBe(false);
    const { conversation, responseMessage } = finalOf(result);
    expect(responseMessage).toMatchObject({
      text: 'Half of the answer',
      unfinished: true,
      error: false,
      finish_reason: 'incomplete',
    });
    const saved = await savedMessages(conversation.conversationId);
    expect(saved[1]).toMatchObject({ text: 'Half of the answer', unfinished: 1, error: 0 });
  });
});
