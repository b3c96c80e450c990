import { describe, expect, it } from 'vitest';
import { conversationOptionsSchema } from '../contract/conversation';
import { anthropicMaxOutputTokens, isLegacyAnthropicModel, normaliseParameters, toNumber } from './parameters';

describe('OpenAI-style parameters (openAI, azureOpenAI, custom)', () => {
  it('fills the defaults when nothing is set', () => {
    for (const kind of ['openAI', 'azureOpenAI', 'custom'] as const) {
      expect(normaliseParameters(kind, 'gpt-4o-mini', {})).toEqual({
        temperature: 1,
        topP: 1,
        presencePenalty: 0,
        frequencyPenalty: 0,
        imageDetail: 'auto',
      });
    }
  });

  it('accepts numeric strings, treats blank and garbage as unset, and clamps to the table', () => {
    const result = normaliseParameters('openAI', 'gpt-4o', {
      temperature: '0.35',
      top_p: '  ',
      presence_penalty: 'lots',
      frequency_penalty: null,
      max_tokens: '1000.6',
    });
    expect(result).toMatchObject({
      temperature: 0.35,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
      maxOutputTokens: 1001,
    });
    expect(
      normaliseParameters('openAI', 'gpt-4o', {
        temperature: 3,
        top_p: 1.5,
        presence_penalty: 2.5,
        frequency_penalty: -2,
        max_tokens: 0,
      }),
    ).toMatchObject({
      temperature: 2,
      topP: 1,
      presencePenalty: 2,
      frequencyPenalty: 0,
      maxOutputTokens: 1,
    });
    expect(normaliseParameters('openAI', 'gpt-4o', { temperature: -0.5, top_p: -1 })).toMatchObject({
      temperature: 0,
      topP: 0,
    });
  });

  it('does not snap to the slider step', () => {
    expect(normaliseParameters('openAI', 'gpt-4o', { temperature: 0.555 }).temperature).toBe(0.555);
  });

  it('keeps a valid reasoning_effort and drops anything else', () => {
    expect(normaliseParameters('openAI', 'o3-mini', { reasoning_effort: 'high' }).reasoningEffort).toBe('high');
    expect(normaliseParameters('openAI', 'o3-mini', { reasoning_effort: 'extreme' })).not.toHaveProperty(
      'reasoningEffort',
    );
  });

  it('maps imageDetail names and the 0..2 slider to low / auto / high', () => {
    const detail = (value: unknown) => normaliseParameters('openAI', 'gpt-4o', { imageDetail: value }).imageDetail;
    expect([detail(0), detail('1'), detail(2), detail(1.4), detail(7), detail(-3)]).toEqual([
      'low',
      'auto',
      'high',
      'auto',
      'high',
      'low',
    ]);
    expect([detail('high'), detail('low'), detail('bogus'), detail(undefined)]).toEqual([
      'high',
      'low',
      'auto',
      'auto',
    ]);
  });

  it('keeps at most 4 stop sequences, from a list or a comma list, dropping empty ones', () => {
    expect(normaliseParameters('openAI', 'gpt-4o', { stop: ['a', '', '\n', 'b', 'c', 'd'] }).stop).toEqual([
      'a',
      '\n',
      'b',
      'c',
    ]);
    expect(normaliseParameters('openAI', 'gpt-4o', { stop: 'END,,STOP' }).stop).toEqual(['END', 'STOP']);
    expect(normaliseParameters('openAI', 'gpt-4o', { stop: [] })).not.toHaveProperty('stop');
  });

  it('takes the parsed conversation options as they are stored', () => {
    const options = conversationOptionsSchema.parse({
      temperature: '0.2',
      top_p: 0.9,
      imageDetail: 'low',
      stop: ['x'],
    });
    expect(normaliseParameters('custom', 'llama3', options)).toEqual({
      temperature: 0.2,
      topP: 0.9,
      presencePenalty: 0,
      frequencyPenalty: 0,
      imageDetail: 'low',
      stop: ['x'],
    });
  });
});

describe('Google parameters', () => {
  it('fills the defaults', () => {
    expect(normaliseParameters('google', 'gemini-1.5-flash-latest', {})).toEqual({
      maxOutputTokens: 8192,
      temperature: 1,
      topP: 0.95,
      topK: 40,
    });
  });

  it('clamps each parameter to its range and rounds integers', () => {
    expect(
      normaliseParameters('google', 'gemini-2.0-flash', {
        maxOutputTokens: 100000,
        temperature: 2.5,
        topP: 1.2,
        topK: 50,
      }),
    ).toEqual({
      maxOutputTokens: 64000,
      temperature: 2,
      topP: 1,
      topK: 40,
    });
    expect(
      normaliseParameters('google', 'gemini-2.0-flash', {
        maxOutputTokens: '0',
        temperature: '-1',
        topP: -0.1,
        topK: '0.4',
      }),
    ).toEqual({
      maxOutputTokens: 1,
      temperature: 0,
      topP: 0,
      topK: 1,
    });
  });
});

describe('Anthropic parameters', () => {
  it('fills the defaults for a current model', () => {
    expect(normaliseParameters('anthropic', 'claude-3-5-sonnet-latest', {})).toEqual({
      temperature: 1,
      maxOutputTokens: 8192,
      topP: 0.7,
      topK: 5,
      promptCache: true,
      thinking: true,
      thinkingBudget: 2000,
    });
  });

  it('defaults legacy models to 4096 output tokens and caps them there', () => {
    expect(normaliseParameters('anthropic', 'claude-3-opus-20240229', {}).maxOutputTokens).toBe(4096);
    expect(normaliseParameters('anthropic', 'claude-3-haiku-20240307', { maxOutputTokens: 8000 }).maxOutputTokens).toBe(
      4096,
    );
    expect(normaliseParameters('anthropic', 'claude-3-haiku-20240307', { maxOutputTokens: 1000 }).maxOutputTokens).toBe(
      1000,
    );
  });

  it('lets current families go up to 128000', () => {
    expect(
      normaliseParameters('anthropic', 'claude-3-7-sonnet-latest', { maxOutputTokens: 64000 }).maxOutputTokens,
    ).toBe(64000);
    expect(
      normaliseParameters('anthropic', 'claude-sonnet-4-20250514', { maxOutputTokens: 200000 }).maxOutputTokens,
    ).toBe(128000);
  });

  it('clamps temperature, topP, topK and the thinking budget', () => {
    expect(
      normaliseParameters('anthropic', 'claude-3-7-sonnet-latest', {
        temperature: 1.5,
        topP: 2,
        topK: 41,
        thinkingBudget: 500,
      }),
    ).toMatchObject({ temperature: 1, topP: 1, topK: 40, thinkingBudget: 1024 });
    expect(
      normaliseParameters('anthropic', 'claude-3-7-sonnet-latest', { topK: 0, thinkingBudget: '300000' }),
    ).toMatchObject({
      topK: 1,
      thinkingBudget: 200000,
    });
  });

  it('keeps explicit false flags (also as strings from a query)', () => {
    expect(
      normaliseParameters('anthropic', 'claude-3-7-sonnet-latest', { promptCache: false, thinking: 'false' }),
    ).toMatchObject({
      promptCache: false,
      thinking: false,
    });
  });
});

describe('Anthropic model families', () => {
  it.each([
    ['claude-3-5-sonnet-latest', false],
    ['claude-3-5-sonnet-20241022', false],
    ['anthropic/claude-3.5-sonnet', false],
    ['claude-3-7-sonnet-20250219', false],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', false],
    ['claude-sonnet-4-20250514', false],
    ['claude-opus-4-1-20250805', false],
    ['claude-4-opus', false],
    ['anthropic.claude-sonnet-4-20250514-v1:0', false],
    ['claude-haiku-4-5', false],
    ['claude-3-5-haiku-latest', true],
    ['claude-3-opus-20240229', true],
    ['claude-3-sonnet-20240229', true],
    ['claude-2.1', true],
    ['claude-instant-1.2', true],
    ['my-proxy-model', true],
  ])('%s legacy: %s', (model, legacy) => {
    expect(isLegacyAnthropicModel(model)).toBe(legacy);
  });

  it('computes the output cap from the family', () => {
    expect(anthropicMaxOutputTokens('claude-3-haiku-20240307', undefined)).toBe(4096);
    expect(anthropicMaxOutputTokens('claude-opus-4-20250514', undefined)).toBe(8192);
  });
});

describe('Bedrock parameters', () => {
  it('uses the Bedrock Anthropic topK range (0 to 500) and reads maxTokens', () => {
    expect(
      normaliseParameters('bedrock', 'anthropic.claude-3-5-sonnet-20240620-v1:0', { topK: 0, maxTokens: '20000' }),
    ).toEqual({
      topK: 0,
      maxOutputTokens: 20000,
      thinking: true,
      thinkingBudget: 2000,
    });
    expect(
      normaliseParameters('bedrock', 'anthropic.claude-3-5-sonnet-20240620-v1:0', { topK: 600, temperature: 3 }),
    ).toMatchObject({
      topK: 500,
      temperature: 1,
    });
  });

  it('caps legacy Claude models on Bedrock too', () => {
    expect(
      normaliseParameters('bedrock', 'anthropic.claude-3-haiku-20240307-v1:0', { maxOutputTokens: 9000 })
        .maxOutputTokens,
    ).toBe(4096);
  });

  it('narrows topP for Cohere and leaves other models without defaults', () => {
    expect(normaliseParameters('bedrock', 'cohere.command-r-plus-v1:0', { topP: 1 })).toEqual({ topP: 0.99 });
    expect(normaliseParameters('bedrock', 'cohere.command-r-v1:0', { topP: 0 })).toEqual({ topP: 0.01 });
    expect(
      normaliseParameters('bedrock', 'meta.llama3-1-70b-instruct-v1:0', { maxTokens: 2048, temperature: 1.7 }),
    ).toEqual({
      maxOutputTokens: 2048,
      temperature: 1,
    });
  });
});

describe('toNumber', () => {
  it('parses numbers and numeric strings only', () => {
    expect([
      toNumber(1),
      toNumber(' 2.5 '),
      toNumber(''),
      toNumber('1e2'),
      toNumber('x'),
      toNumber(Number.NaN),
      toNumber(Infinity),
      toNumber(true),
    ]).toEqual([1, 2.5, undefined, 100, undefined, undefined, undefined, undefined]);
  });
});
