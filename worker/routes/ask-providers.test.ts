import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  THINKING_STREAM as ANTHROPIC_STREAM,
  THINKING_STREAM_REASONING as ANTHROPIC_REASONING,
  THINKING_STREAM_TEXT as ANTHROPIC_TEXT,
} from '../providers/anthropic/fixtures/stream';
import {
  framesOf,
  REASONING_REPLY,
  REASONING_REPLY_REASONING,
  REASONING_REPLY_TEXT,
} from '../providers/bedrock/fixtures/stream';
import {
  THINKING_STREAM as GOOGLE_STREAM,
  THINKING_STREAM_TEXT as GOOGLE_TEXT,
} from '../providers/google/fixtures/stream';
import { chunkedResponse } from '../providers/testing';
import { stubProvider } from '../test/chat/provider-replies';
import { savedMessages } from '../test/chat/run-fixtures';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { deltaText } from '../test/chat/sse';
import { createTestUser } from '../test/auth-helpers';

beforeEach(async () => {
  await useConfig('version: 1.2.5\n');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/ask/anthropic', () => {
  it('streams thinking and text as content parts, with a run step per part', async () => {
    const user = await createTestUser();
    const calls = stubProvider(() => chunkedResponse(ANTHROPIC_STREAM, 'awkward'));
    const result = await send(
      user,
      '/api/ask/anthropic',
      sendBody({
        endpoint: 'anthropic',
        endpointType: null,
        model: 'claude-3-7-sonnet-latest',
        promptPrefix: 'Be brief.',
      }),
      {
        ANTHROPIC_API_KEY: 'sk-ant-test',
      },
    );
    expect(calls[0]?.url).toBe('https://api.anthropic.com/v1/messages');
    expect(calls[0]?.headers.get('x-api-key')).toBe('sk-ant-test');
    expect(calls[0]?.body).toMatchObject({ system: expect.anything(), messages: [{ role: 'user' }] });
    const steps = result.frames.filter((frame) => frame.data.event === 'on_run_step').map((frame) => frame.data.data);
    expect(steps).toMatchObject([{ index: 0 }, { index: 1 }]);
    expect(deltaText(result.frames, 'think')).toBe(ANTHROPIC_REASONING);
    expect(deltaText(result.frames)).toBe(ANTHROPIC_TEXT);
    const { responseMessage } = finalOf(result);
    expect(responseMessage).toMatchObject({
      sender: 'Claude',
      text: ANTHROPIC_TEXT,
      content: [
        { type: 'think', think: ANTHROPIC_REASONING },
        { type: 'text', text: ANTHROPIC_TEXT },
      ],
    });
  });
});

describe('POST /api/ask/google', () => {
  // A model that does not think: a thinking one streams content parts, so its thoughts can show.
  it('streams the legacy full-text frames and saves plain text', async () => {
    const user = await createTestUser();
    const calls = stubProvider(() => chunkedResponse(GOOGLE_STREAM, 'awkward'));
    const result = await send(
      user,
      '/api/ask/google',
      sendBody({ endpoint: 'google', endpointType: null, model: 'gemini-2.0-flash' }),
      { GOOGLE_KEY: 'goog-test' },
    );
    expect(calls[0]?.url).toContain('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
    expect(calls[0]?.headers.get('x-goog-api-key')).toBe('goog-test');
    const legacy = result.frames.filter((frame) => frame.data.message === true).map((frame) => frame.data);
    expect(legacy.length).toBeGreaterThan(1);
    expect(legacy[0]).toMatchObject({ initial: true });
    expect(legacy.slice(1).every((frame) => frame.initial === false)).toBe(true);
    expect(legacy.at(-1)).toMatchObject({ text: GOOGLE_TEXT });
    expect(result.frames.some((frame) => typeof frame.data.event === 'string')).toBe(false);
    const { conversation, requestMessage, responseMessage } = finalOf(result);
    expect(legacy.at(-1)).toMatchObject({
      messageId: responseMessage.messageId,
      parentMessageId: requestMessage.messageId,
    });
    expect(responseMessage).toMatchObject({ sender: 'Gemini', text: GOOGLE_TEXT });
    expect(responseMessage.content).toBeUndefined();
    expect((await savedMessages(conversation.conversationId))[1]).toMatchObject({ text: GOOGLE_TEXT, content: null });
  });
});

describe('POST /api/bedrock/chat', () => {
  it('streams a ConverseStream reply, signed with the configured AWS credentials', async () => {
    const user = await createTestUser();
    const calls = stubProvider(() =>
      chunkedResponse(framesOf(REASONING_REPLY), 'awkward', {
        headers: { 'content-type': 'application/vnd.amazon.eventstream' },
      }),
    );
    const model = 'anthropic.claude-3-5-sonnet-20240620-v1:0';
    const result = await send(
      user,
      '/api/bedrock/chat',
      sendBody({ endpoint: 'bedrock', endpointType: null, model, region: 'eu-west-1' }),
      {
        BEDROCK_AWS_ACCESS_KEY_ID: 'AKIDTEST',
        BEDROCK_AWS_SECRET_ACCESS_KEY: 'secret',
      },
    );
    expect(calls[0]?.url).toBe(
      `https://bedrock-runtime.eu-west-1.amazonaws.com/model/${encodeURIComponent(model)}/converse-stream`,
    );
    expect(calls[0]?.headers.get('authorization')).toContain('Credential=AKIDTEST/');
    expect(deltaText(result.frames, 'think')).toBe(REASONING_REPLY_REASONING);
    expect(finalOf(result).responseMessage).toMatchObject({
      sender: 'AWS Bedrock',
      text: REASONING_REPLY_TEXT,
      endpoint: 'bedrock',
    });
  });

  it('refuses a region that is not an AWS region name before calling anything', async () => {
    const user = await createTestUser();
    const calls = stubProvider(() => new Response('never'));
    const result = await send(
      user,
      '/api/bedrock/chat',
      sendBody({
        endpoint: 'bedrock',
        endpointType: null,
        model: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
        region: 'evil.example.com/x',
      }),
      {
        BEDROCK_AWS_ACCESS_KEY_ID: 'AKIDTEST',
        BEDROCK_AWS_SECRET_ACCESS_KEY: 'secret',
      },
    );
    expect(result.frames.map((frame) => frame.event)).toEqual(['error']);
    expect(calls).toHaveLength(0);
  });
});
