import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatedReply, openAIEnd, stubOpenAIReplies, stubProvider } from '../test/chat/provider-replies';
import { savedMessages } from '../test/chat/run-fixtures';
import {
  CUSTOM_ENDPOINT_CONFIG,
  errorOf,
  finalOf,
  post,
  send,
  sendBody,
  useConfig,
} from '../services/chat/testing/routes';
import { readRest, readUntil } from '../test/chat/sse';
import { tokenRates } from '../engine/token-rates';
import { createTestUser } from '../test/auth-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('per-user limits', () => {
  it('refuses a reply beyond CONCURRENT_MESSAGE_MAX with `concurrent`, and frees the slot when a run ends', async () => {
    await useConfig(CUSTOM_ENDPOINT_CONFIG);
    const user = await createTestUser();
    const vars = { CONCURRENT_MESSAGE_MAX: '1' };
    const held = gatedReply();
    let first = true;
    stubProvider(() => {
      if (!first) return stubbedReply();
      first = false;
      return held.answer();
    });
    const running = await post(user, '/api/ask/custom', sendBody({ text: 'Slow one' }), vars);
    if (!running.body) throw new Error('no body');
    const started = await readUntil(running.body, (text) => text.includes('"created":true'));

    const refused = await send(user, '/api/ask/custom', sendBody({ text: 'Too many' }), vars);
    expect(refused.frames.map((frame) => frame.event)).toEqual(['error']);
    expect(errorOf(refused)).toEqual({ type: 'concurrent', limit: 1 });
    // Another user is not affected.
    const other = await createTestUser();
    expect(finalOf(await send(other, '/api/ask/custom', sendBody(), vars)).responseMessage.text).toBe('Fine.');

    held.push(openAIEnd());
    held.end();
    await readRest(started.reader);
    expect(finalOf(await send(user, '/api/ask/custom', sendBody({ text: 'Now' }), vars)).responseMessage.text).toBe(
      'Fine.',
    );
  });

  it('frees the concurrency slot when the send is refused or names a conversation that is not the user’s', async () => {
    await useConfig(CUSTOM_ENDPOINT_CONFIG);
    const user = await createTestUser();
    const vars = { CONCURRENT_MESSAGE_MAX: '1' };
    stubProvider(() => stubbedReply());
    // The limits are taken alongside the owner check and the model check; neither may keep the slot.
    const missing = await post(user, '/api/ask/custom', sendBody({ conversationId: crypto.randomUUID() }), vars);
    expect(missing.status).toBe(404);
    const illegal = await send(user, '/api/ask/custom', sendBody({ model: 'not-a-listed-model' }), vars);
    expect(errorOf(illegal)).toEqual({ type: 'illegal_model_request' });
    const leases = await env.DB.prepare(
      "SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'concurrent:' || ?1 || ':%'",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(leases?.n).toBe(0);
    expect(finalOf(await send(user, '/api/ask/custom', sendBody(), vars)).responseMessage.text).toBe('Fine.');
  });

  it('answers 401 to a still-valid token of a deleted account, calls no provider and keeps no slot', async () => {
    await useConfig(CUSTOM_ENDPOINT_CONFIG);
    const user = await createTestUser();
    const calls = stubProvider(() => stubbedReply());
    // The send reads the account alongside its other reads, after the limits took a slot.
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(user.id).run();
    const refused = await post(user, '/api/ask/custom', sendBody(), { CONCURRENT_MESSAGE_MAX: '1' });
    expect(refused.status).toBe(401);
    expect(calls).toHaveLength(0);
    const leases = await env.DB.prepare(
      "SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'concurrent:' || ?1 || ':%'",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(leases?.n).toBe(0);
  });

  it('refuses beyond MESSAGE_USER_MAX per window with `message_limit`', async () => {
    await useConfig(CUSTOM_ENDPOINT_CONFIG);
    const user = await createTestUser();
    stubOpenAIReplies(['Fine.']);
    const vars = { LIMIT_MESSAGE_USER: 'true', MESSAGE_USER_MAX: '2', MESSAGE_USER_WINDOW: '60' };
    for (let i = 0; i < 2; i++)
      expect(finalOf(await send(user, '/api/ask/custom', sendBody(), vars)).responseMessage.text).toBe('Fine.');
    const refused = await send(user, '/api/ask/custom', sendBody(), vars);
    expect(errorOf(refused)).toEqual({ type: 'message_limit', max: 2, windowInMinutes: 60, limiter: 'user' });
    // The refused send did not keep a concurrency slot.
    const leases = await env.DB.prepare(
      "SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'concurrent:' || ?1 || ':%'",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(leases?.n).toBe(0);
  });
});

function stubbedReply(): Response {
  return new Response(
    'data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"test-model","choices":[{"index":0,"delta":{"content":"Fine."},"finish_reason":null}]}\n\n' +
      'data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"test-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

const BALANCE_CONFIG = (startBalance: number) => `${CUSTOM_ENDPOINT_CONFIG}
balance:
  enabled: true
  startBalance: ${startBalance}
`;

describe('balance', () => {
  it('debits the reply’s prompt and completion tokens and records both transactions', async () => {
    await useConfig(BALANCE_CONFIG(100_000));
    const user = await createTestUser();
    stubOpenAIReplies(['Three word reply.']);
    const { conversation, responseMessage } = finalOf(await send(user, '/api/ask/custom', sendBody()));
    const rates = tokenRates('test-model');
    // stubOpenAIReplies reports usage: 20 prompt tokens, one completion token per word.
    const cost = 20 * rates.prompt + 3 * rates.completion;
    const balance = await env.DB.prepare('SELECT tokenCredits FROM balances WHERE userId = ?1')
      .bind(user.id)
      .first<{ tokenCredits: number }>();
    expect(balance?.tokenCredits).toBeCloseTo(100_000 - cost);
    const { results } = await env.DB.prepare(
      'SELECT tokenType, rawAmount, tokenValue, model, conversationId, messageId FROM transactions WHERE userId = ?1 ORDER BY tokenType DESC',
    )
      .bind(user.id)
      .all();
    expect(results).toEqual([
      {
        tokenType: 'prompt',
        rawAmount: -20,
        tokenValue: -20 * rates.prompt,
        model: 'test-model',
        conversationId: conversation.conversationId,
        messageId: responseMessage.messageId,
      },
      {
        tokenType: 'completion',
        rawAmount: -3,
        tokenValue: -3 * rates.completion,
        model: 'test-model',
        conversationId: conversation.conversationId,
        messageId: responseMessage.messageId,
      },
    ]);
  });

  it('refuses with token_balance when the prompt costs more than the balance, before calling the provider', async () => {
    await useConfig(BALANCE_CONFIG(1));
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['never']);
    const result = await send(
      user,
      '/api/ask/custom',
      sendBody({ text: 'A question that costs more than one credit' }),
    );
    expect(result.frames.map((frame) => frame.event)).toEqual(['message', 'error']);
    expect(errorOf(result)).toMatchObject({
      type: 'token_balance',
      balance: 1,
      promptTokens: expect.any(Number),
      tokenCost: expect.any(Number),
    });
    expect(calls).toHaveLength(0);
    const conversationId = String(result.frames[1]?.data.conversationId);
    expect((await savedMessages(conversationId)).map((m) => m.error)).toEqual([0, 1]);
  });
});
