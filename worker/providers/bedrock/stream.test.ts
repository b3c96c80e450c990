import { AwsV4Signer } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectEvents,
  cutAfter,
  fakeFetch,
  reasoningOf,
  stallAfter,
  textOf,
  type FakeAnswer,
} from '../testing';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../types';
import {
  exceptionFrame,
  frameOf,
  framesOf,
  GUARDRAIL_REPLY,
  HTTP_ERRORS,
  MAX_TOKENS_REPLY,
  REASONING_REPLY,
  REASONING_REPLY_REASONING,
  REASONING_REPLY_TEXT,
  REPLY_START,
} from './fixtures/stream';
import { streamBedrockChat, type BedrockTarget } from './stream';

const MODEL = 'us.anthropic.claude-3-7-sonnet-20250219-v1:0';
const target: BedrockTarget = {
  region: 'eu-central-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session-token-example',
};
const request: ChatRequest = {
  model: MODEL,
  system: 'Antworte kurz.',
  messages: [{ role: 'user', content: 'Hallo' }],
  parameters: { maxOutputTokens: 8192, thinking: true, thinkingBudget: 2000, temperature: 0.7, topK: 200 },
};

const eventStream = (bytes: Uint8Array, plan: Parameters<typeof chunkedResponse>[1] = 'awkward', cut?: number) =>
  chunkedResponse(bytes, plan, {
    headers: { 'content-type': 'application/vnd.amazon.eventstream' },
    ...(cut === undefined ? {} : { cut: cutAfter(cut) }),
  });

async function run(answer: FakeAnswer, overrides: Partial<ChatRequest> = {}) {
  const fake = fakeFetch(answer);
  const result = await collectEvents(streamBedrockChat(target, { ...request, ...overrides }, fake.fetch));
  return { ...result, fake };
}

function expectProviderError(error: unknown, code: string): ProviderError {
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).code).toBe(code);
  return error as ProviderError;
}

describe('streamBedrockChat: the signed request', () => {
  it('POSTs converse-stream in the region with the model id escaped inside its path segment', async () => {
    const { fake } = await run(eventStream(framesOf(REASONING_REPLY)));
    const call = fake.only();
    expect(call.method).toBe('POST');
    expect(call.url).toBe(
      'https://bedrock-runtime.eu-central-1.amazonaws.com/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/converse-stream',
    );
    expect(call.body).toEqual({
      messages: [{ role: 'user', content: [{ text: 'Hallo' }] }],
      system: [{ text: 'Antworte kurz.' }],
      inferenceConfig: { maxTokens: 8192 },
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 2000 } },
    });
  });

  it('carries a SigV4 Authorization for service bedrock that verifies against the body sent', async () => {
    const { fake } = await run(eventStream(framesOf(REASONING_REPLY)));
    const call = fake.only();
    const authorization = call.headers.get('authorization') ?? '';
    const datetime = call.headers.get('x-amz-date') ?? '';
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(call.headers.get('x-amz-security-token')).toBe('session-token-example');
    // Re-signing what was actually sent must give the same signature: body and headers unchanged after signing.
    const resigned = new AwsV4Signer({
      method: 'POST',
      url: call.url,
      headers: { 'content-type': call.headers.get('content-type') ?? '', accept: call.headers.get('accept') ?? '' },
      body: JSON.stringify(call.body),
      accessKeyId: target.accessKeyId,
      secretAccessKey: target.secretAccessKey,
      sessionToken: target.sessionToken,
      service: 'bedrock',
      region: target.region,
      datetime,
    });
    expect((await resigned.sign()).headers.get('authorization')).toBe(authorization);
  });

  it('refuses a region that is not one before signing anything', async () => {
    const { error, fake } = await run(eventStream(framesOf(REASONING_REPLY)));
    expect(error).toBeUndefined();
    const bad = fakeFetch(eventStream(framesOf(REASONING_REPLY)));
    const result = await collectEvents(streamBedrockChat({ ...target, region: 'evil.example/x#' }, request, bad.fetch));
    expect((result.error as ProviderError).code).toBe('invalid_request_error');
    expect(bad.calls).toHaveLength(0);
    expect(fake.calls).toHaveLength(1);
  });

  it('uses an endpoint override (a VPC endpoint or a mock)', async () => {
    const fake = fakeFetch(eventStream(framesOf(REASONING_REPLY)));
    await collectEvents(streamBedrockChat({ ...target, endpoint: 'http://127.0.0.1:9999/' }, request, fake.fetch));
    expect(fake.only().url).toBe(
      'http://127.0.0.1:9999/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/converse-stream',
    );
  });
});

describe('streamBedrockChat: replies', () => {
  const expected: ProviderEvent[] = [
    { type: 'reasoning', text: 'Der Nutzer grüßt auf Deutsch' },
    { type: 'reasoning', text: ' — kurz antworten.' },
    { type: 'reasoning_signature', signature: 'ErcBCkgIAxABGAIiQMRpXtFqGq4wW5sZ1ldQ3RiXUXxM0ePEvrNq3pFJ' },
    { type: 'text', text: 'Hallo! ☕' },
    { type: 'text', text: ' Grüße aus 東京 🚀' },
    { type: 'usage', promptTokens: 42, completionTokens: 117 },
    { type: 'finish', reason: 'stop' },
  ];

  it('yields reasoning with its signature, text, usage, then finish from frames chunked awkwardly', async () => {
    const { events, error } = await run(eventStream(framesOf(REASONING_REPLY)));
    expect(error).toBeUndefined();
    expect(events).toEqual(expected);
  });

  it('yields the same from one-byte chunks and from one chunk holding every frame', async () => {
    expect((await run(eventStream(framesOf(REASONING_REPLY), [1]))).events).toEqual(expected);
    expect((await run(eventStream(framesOf(REASONING_REPLY), [100_000]))).events).toEqual(expected);
  });

  it('maps max_tokens to length and reports cache reads and writes', async () => {
    const { events } = await run(eventStream(framesOf(MAX_TOKENS_REPLY)));
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 7, completionTokens: 3, cacheReadTokens: 1024, cacheWriteTokens: 12 },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('maps guardrail_intervened to content_filter', async () => {
    const { events } = await run(eventStream(framesOf(GUARDRAIL_REPLY)));
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'content_filter' });
  });
});

describe('streamBedrockChat: failures before the stream', () => {
  it.each([
    ['UnrecognizedClientException (403)', 'invalid_api_key', HTTP_ERRORS.unrecognizedClient],
    ['ThrottlingException (429)', 'rate_limit', HTTP_ERRORS.throttling],
    ['ServiceQuotaExceededException', 'insufficient_quota', HTTP_ERRORS.serviceQuota],
    ['ValidationException: input too long', 'INPUT_LENGTH', HTTP_ERRORS.inputTooLong],
    ['ValidationException', 'invalid_request_error', HTTP_ERRORS.validation],
    ['InternalServerException (500)', 'provider_error', HTTP_ERRORS.internal],
  ] as const)('maps %s to %s', async (_name, code, answer) => {
    const response = new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'x-amzn-errortype': answer.type },
    });
    const { events, error } = await run(response);
    expect(events).toEqual([]);
    const providerError = expectProviderError(error, code);
    expect(providerError.status).toBe(answer.status);
    expect(providerError.message).toBe((JSON.parse(answer.body) as { message: string }).message);
  });

  it('maps by status when the error type header is missing', async () => {
    expectProviderError(
      (await run(new Response('{"Message":"User is not authorized"}', { status: 403 }))).error,
      'invalid_api_key',
    );
    expectProviderError((await run(new Response('busy', { status: 503 }))).error, 'provider_error');
  });
});

describe('streamBedrockChat: failures during the stream', () => {
  it('yields the text before an exception frame, then the mapped error', async () => {
    const { events, error } = await run(
      eventStream(
        framesOf(
          REPLY_START,
          exceptionFrame('throttlingException', 'Too many tokens, please wait before trying again.'),
        ),
      ),
    );
    expect(textOf(events)).toBe('Teilweise Antwort');
    expect(expectProviderError(error, 'rate_limit').message).toBe('Too many tokens, please wait before trying again.');
  });

  it('maps a validationException frame about input length to INPUT_LENGTH, and a modelStreamErrorException to provider_error', async () => {
    const tooLong = await run(
      eventStream(
        framesOf(
          REPLY_START.slice(0, 1),
          exceptionFrame('validationException', 'Input is too long for requested model.'),
        ),
      ),
    );
    expectProviderError(tooLong.error, 'INPUT_LENGTH');
    const modelError = await run(
      eventStream(
        framesOf(
          REPLY_START,
          exceptionFrame('modelStreamErrorException', 'Model produced invalid sequence as part of ToolUse.'),
        ),
      ),
    );
    expectProviderError(modelError.error, 'provider_error');
  });

  it('yields the text before a connection cut inside a frame, then network_error', async () => {
    const whole = framesOf(REPLY_START);
    const cutInsidePrelude = whole.length + 5;
    const { events, error } = await run(
      eventStream(
        framesOf(REPLY_START, frameOf(['contentBlockDelta', '{"contentBlockIndex":0,"delta":{"text":"!"},"p":"a"}'])),
        'awkward',
        cutInsidePrelude,
      ),
    );
    expect(textOf(events)).toBe('Teilweise Antwort');
    expectProviderError(error, 'network_error');
  });

  it('treats a body that ends cleanly between frames but before messageStop as cut', async () => {
    const { events, error } = await run(eventStream(framesOf(REPLY_START)));
    expect(textOf(events)).toBe('Teilweise Antwort');
    expectProviderError(error, 'network_error');
  });

  it('fails on a frame with a bad checksum with provider_error, after the text before it', async () => {
    const bad = frameOf(['contentBlockDelta', '{"contentBlockIndex":0,"delta":{"text":" kaputt"},"p":"abc"}']);
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 0xff;
    const { events, error } = await run(
      eventStream(framesOf(REPLY_START, bad, ...REASONING_REPLY.slice(-2).map(frameOf))),
    );
    expect(textOf(events)).toBe('Teilweise Antwort');
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expect(expectProviderError(error, 'provider_error').message).toMatch(/checksum/);
  });

  it('fails on a frame whose payload is not JSON', async () => {
    const { events, error } = await run(
      eventStream(framesOf([...REPLY_START, ['contentBlockDelta', '{"contentBlockIndex":0,"delta":']])),
    );
    expect(textOf(events)).toBe('Teilweise Antwort');
    expectProviderError(error, 'provider_error');
  });

  it('keeps reasoning and text apart when every frame arrives byte by byte', async () => {
    const { events } = await run(eventStream(framesOf(REASONING_REPLY), [1, 2, 3]));
    expect(reasoningOf(events)).toBe(REASONING_REPLY_REASONING);
    expect(textOf(events)).toBe(REASONING_REPLY_TEXT);
  });

  it('throws the abort reason, not a ProviderError, when aborted while waiting for the next frame', async () => {
    const controller = new AbortController();
    const start = framesOf(REPLY_START);
    const response = chunkedResponse(
      framesOf(REPLY_START, frameOf(['messageStop', '{"stopReason":"end_turn"}'])),
      [7],
      { cut: stallAfter(start.length) },
    );
    const seen: ProviderEvent[] = [];
    const outcome = (async () => {
      for await (const event of streamBedrockChat(
        target,
        { ...request, signal: controller.signal },
        fakeFetch(response).fetch,
      )) {
        seen.push(event);
        if (seen.length === 2) setTimeout(() => controller.abort(new Error('user stopped')), 5);
      }
    })();
    await expect(outcome).rejects.toThrow('user stopped');
    expect(textOf(seen)).toBe('Teilweise Antwort');
  });
});
