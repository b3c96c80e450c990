import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../contract/endpoints';
import type { MessageRecord } from '../../db/runs';
import { errorText, UNEXPECTED_ERROR_TEXT } from '../../engine/error-text';
import { ChatRefusal } from '../../engine/refusal';
import { countTokens } from '../../engine/tokens';
import { estimateMessageTokens, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../../engine/tokens/messages';
import { ProviderError } from '../../providers/types';
import { buildContext, systemPrompt } from './context';
import { contextWindowTokens, UNKNOWN_MODEL_CONTEXT_TOKENS } from './context-window';
import { resolveChatLimits } from './limits';
import { sendBodySchema } from '../../contract/chat-request';
import { planSend } from './run-mode';
import { responseSender } from './sender';

function message(
  id: string,
  text: string,
  isCreatedByUser: boolean,
  extra: Partial<MessageRecord> = {},
): MessageRecord {
  return {
    messageId: id,
    conversationId: 'c',
    userId: 'u',
    parentMessageId: NO_PARENT,
    sender: isCreatedByUser ? 'User' : 'AI',
    text,
    content: null,
    files: null,
    isCreatedByUser,
    endpoint: null,
    model: null,
    error: false,
    unfinished: false,
    finish_reason: null,
    tokenCount: null,
    iconURL: null,
    clientTimestamp: null,
    expiredAt: null,
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  };
}

describe('estimateTokens', () => {
  it('counts with the shared token counter, plus the per-message overhead for messages', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('Hello world')).toBe(countTokens('Hello world'));
    expect(estimateMessageTokens('Hello world')).toBe(countTokens('Hello world') + MESSAGE_OVERHEAD_TOKENS);
  });
});

describe('buildContext', () => {
  // Stored token counts are used as they are: 100, 100 and 10 tokens.
  const branch = [
    message('1', 'a'.repeat(400), true, { tokenCount: 100 }),
    message('2', 'b'.repeat(400), false, { tokenCount: 100 }),
    message('3', 'c'.repeat(40), true, { tokenCount: 10 }),
  ];

  it('keeps the whole branch when it fits, oldest first', () => {
    const built = buildContext({ branch, maxContextTokens: 10_000, system: 'Be kind.' });
    expect(built.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(built).toMatchObject({ system: 'Be kind.', dropped: 0 });
    expect(built.promptTokens).toBe(estimateTokens('Be kind.') + 100 + 100 + 10);
  });

  it('drops the oldest messages beyond the budget but always keeps the newest', () => {
    expect(buildContext({ branch, maxContextTokens: 120 }).messages.map((m) => m.content)).toEqual([
      'b'.repeat(400),
      'c'.repeat(40),
    ]);
    expect(buildContext({ branch, maxContextTokens: 1 })).toMatchObject({
      messages: [{ role: 'user', content: 'c'.repeat(40) }],
      dropped: 2,
    });
  });

  it('leaves out failed replies and ends with the prefill of a continued reply', () => {
    const withError = [
      message('1', 'Hi', true),
      message('2', '{"type":"no_user_key"}', false, { error: true }),
      message('3', 'Hi again', true),
    ];
    expect(buildContext({ branch: withError, maxContextTokens: 1000, prefill: 'Well,' }).messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Hi again' },
      { role: 'assistant', content: 'Well,' },
    ]);
  });

  it('reads the text parts of content when text is empty', () => {
    const parts = message('1', '', false, {
      content: [
        { type: 'think', think: 'x' },
        { type: 'text', text: 'From parts' },
      ],
    });
    expect(
      buildContext({ branch: [message('0', 'q', true), parts, message('2', 'q2', true)], maxContextTokens: 1000 })
        .messages[1],
    ).toEqual({
      role: 'assistant',
      content: 'From parts',
    });
  });
});

describe('systemPrompt and context windows', () => {
  it('uses promptPrefix, else system, and appends the date when asked', () => {
    expect(systemPrompt({ promptPrefix: ' Be brief. ' })).toBe('Be brief.');
    expect(systemPrompt({ system: 'Sys' })).toBe('Sys');
    expect(systemPrompt({})).toBeUndefined();
    expect(systemPrompt({ append_current_datetime: true }, new Date('2025-01-02T03:04:05Z'))).toBe(
      'Current date and time: 2025-01-02T03:04:05.000Z',
    );
  });

  it('uses the conversation’s maxContextTokens, else the model family’s window', () => {
    expect(contextWindowTokens('gpt-4o-mini', 2000)).toBe(2000);
    expect(contextWindowTokens('gpt-4o-mini', undefined)).toBe(127_500);
    expect(contextWindowTokens('claude-3-5-sonnet-latest', undefined)).toBe(200_000);
    expect(contextWindowTokens('my-local-llama', undefined)).toBe(UNKNOWN_MODEL_CONTEXT_TOKENS);
  });
});

describe('planSend', () => {
  const base = sendBodySchema.parse({
    text: 'q',
    endpoint: 'Test',
    model: 'm',
    conversationId: 'c1',
    parentMessageId: 'p1',
    messageId: 'm1',
  });

  it('tells the modes apart', () => {
    expect(planSend(base, false)).toEqual({ mode: 'normal', parentMessageId: 'p1', generation: null });
    expect(planSend(base, true)).toMatchObject({ mode: 'normal', parentMessageId: NO_PARENT });
    expect(planSend({ ...base, isRegenerate: true, overrideParentMessageId: 'u1' }, false)).toEqual({
      mode: 'regenerate',
      parentMessageId: 'u1',
      generation: null,
    });
    expect(
      planSend(
        { ...base, isRegenerate: true, isEdited: true, overrideParentMessageId: 'u1', generation: 'Edited' },
        false,
      ),
    ).toEqual({
      mode: 'edit-reply',
      parentMessageId: 'u1',
      generation: 'Edited',
    });
    expect(
      planSend({ ...base, isContinued: true, isEdited: true, responseMessageId: 'r1', generation: 'So far' }, false),
    ).toMatchObject({
      mode: 'continue',
      responseMessageId: 'r1',
      generation: 'So far',
    });
  });

  it('refuses inconsistent bodies', () => {
    expect(() => planSend({ ...base, isContinued: true }, false)).toThrow('responseMessageId');
    expect(() => planSend({ ...base, isRegenerate: true, overrideParentMessageId: 'u1' }, true)).toThrow(
      'conversationId',
    );
  });

  it('strips fields that are not part of a send', () => {
    const parsed = sendBodySchema.parse({
      text: 'q',
      endpoint: 'Test',
      user: 'someone-else',
      title: 'Mine',
      isArchived: true,
    });
    expect(parsed).not.toHaveProperty('user');
    expect(parsed).not.toHaveProperty('title');
    expect(parsed).not.toHaveProperty('isArchived');
  });
});

describe('errorText', () => {
  it('maps provider errors to the catalogue JSON, or plain text', () => {
    expect(errorText(new ProviderError('invalid_api_key', 'bad key', 401), 'user')).toBe('{"type":"invalid_user_key"}');
    expect(errorText(new ProviderError('invalid_api_key', 'bad key', 401), 'system')).toBe(
      '{"type":"invalid_api_key","info":"bad key"}',
    );
    expect(errorText(new ProviderError('INPUT_LENGTH', 'too long', 400), 'system')).toBe(
      '{"type":"INPUT_LENGTH","info":"too long"}',
    );
    expect(errorText(new ProviderError('rate_limit', 'Slow down', 429), 'system')).toBe('Slow down');
    expect(errorText(new ChatRefusal({ type: 'concurrent', limit: 2 }), 'system')).toBe(
      '{"type":"concurrent","limit":2}',
    );
    expect(errorText(new Error('secret internals'), 'system')).toBe(UNEXPECTED_ERROR_TEXT);
  });
});

describe('limits, senders and titles', () => {
  it("has LibreChat's limit defaults", () => {
    expect(resolveChatLimits({})).toEqual({
      concurrent: { enabled: true, max: 2 },
      messageUser: { enabled: false, max: 40, windowMinutes: 1 },
      messageIp: { enabled: true, max: 40, windowMinutes: 1 },
    });
    expect(resolveChatLimits({ LIMIT_CONCURRENT_MESSAGES: 'false', CONCURRENT_MESSAGE_MAX: '5' }).concurrent).toEqual({
      enabled: false,
      max: 5,
    });
  });

  it('names the reply’s sender like LibreChat', () => {
    const openAI = { name: 'openAI', kind: 'openAI', endpointType: null } as const;
    expect(responseSender(openAI, 'gpt-4o-mini', {})).toBe('GPT-4o');
    expect(responseSender(openAI, 'gpt-3.5-turbo', {})).toBe('GPT-3.5');
    expect(responseSender(openAI, 'o3-mini', {})).toBe('O3');
    expect(responseSender(openAI, 'gpt-4o', { modelLabel: 'Helper' })).toBe('Helper');
    expect(responseSender({ name: 'google', kind: 'google', endpointType: null }, 'gemini-2.5-flash', {})).toBe(
      'Gemini',
    );
    expect(responseSender({ name: 'anthropic', kind: 'anthropic', endpointType: null }, 'claude-3-5-sonnet', {})).toBe(
      'Claude',
    );
  });
});
