import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
  ANTHROPIC_PARAMETER_RANGES,
  BEDROCK_ANTHROPIC_PARAMETER_RANGES,
  BEDROCK_COHERE_TOP_P,
  BEDROCK_PARAMETER_RANGES,
  GOOGLE_PARAMETER_RANGES,
  OPENAI_PARAMETER_RANGES,
} from '@contract/model-parameters';
import {
  anthropicOutputRange,
  numericRangeOf,
  type ParameterField,
  parameterFields,
  widestRangeOf,
} from './parameter-fields';
import { parameterKindOf } from './parameter-kind';

const keys = (fields: ParameterField[]) => fields.map((field) => field.key);
const range = (kind: Parameters<typeof numericRangeOf>[0], model: string, key: string) =>
  numericRangeOf(kind, model, key)?.range;

describe('parameterKindOf', () => {
  it('maps built-ins to their table and custom endpoints to the OpenAI one', () => {
    expect(parameterKindOf({ endpoint: 'openAI' })).toBe('openAI');
    expect(parameterKindOf({ endpoint: 'anthropic', endpointType: 'anthropic' })).toBe('anthropic');
    expect(parameterKindOf({ endpoint: 'OpenRouter', endpointType: 'custom' })).toBe('custom');
    expect(parameterKindOf({ endpoint: 'bedrock' })).toBe('bedrock');
  });

  it('has no table for assistants, agents or nothing chosen', () => {
    expect(parameterKindOf({ endpoint: 'agents' })).toBeNull();
    expect(parameterKindOf({ endpoint: 'assistants' })).toBeNull();
    expect(parameterKindOf({})).toBeNull();
  });
});

describe('parameterFields', () => {
  it('gives OpenAI-style endpoints the OpenAI table, taken from the contract', () => {
    for (const kind of ['openAI', 'azureOpenAI', 'custom'] as const) {
      const fields = parameterFields(kind, 'gpt-4o');
      expect(keys(fields)).toEqual([
        'modelLabel',
        'promptPrefix',
        'temperature',
        'top_p',
        'presence_penalty',
        'frequency_penalty',
        'max_tokens',
        'maxContextTokens',
        'stop',
        'imageDetail',
        'resendFiles',
      ]);
      expect(range(kind, 'gpt-4o', 'temperature')).toBe(OPENAI_PARAMETER_RANGES.temperature);
      expect(range(kind, 'gpt-4o', 'presence_penalty')).toBe(OPENAI_PARAMETER_RANGES.presence_penalty);
    }
  });

  it('offers reasoning effort only for reasoning models', () => {
    expect(keys(parameterFields('openAI', 'o3-mini'))).toContain('reasoning_effort');
    expect(keys(parameterFields('custom', 'openai/o4-mini'))).toContain('reasoning_effort');
    expect(keys(parameterFields('openAI', 'gpt-4o'))).not.toContain('reasoning_effort');
  });

  it('gives Anthropic its table, caching and thinking, with the budget tied to thinking', () => {
    const fields = parameterFields('anthropic', 'claude-3-7-sonnet-latest');
    expect(keys(fields)).toEqual(
      expect.arrayContaining([
        'temperature',
        'maxOutputTokens',
        'topP',
        'topK',
        'promptCache',
        'thinking',
        'thinkingBudget',
        'stop',
      ]),
    );
    expect(fields.find((field) => field.key === 'thinkingBudget')?.requires).toBe('thinking');
    expect(range('anthropic', 'claude-3-7-sonnet-latest', 'temperature')).toBe(ANTHROPIC_PARAMETER_RANGES.temperature);
    expect(range('anthropic', 'claude-3-7-sonnet-latest', 'thinkingBudget')).toBe(
      ANTHROPIC_PARAMETER_RANGES.thinkingBudget,
    );
  });

  it('caps legacy Anthropic models at 4096 output tokens, by default too', () => {
    expect(anthropicOutputRange('claude-3-haiku-20240307')).toMatchObject({
      max: ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
      default: ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS,
    });
    expect(anthropicOutputRange('claude-3-5-sonnet-latest')).toBe(ANTHROPIC_PARAMETER_RANGES.maxOutputTokens);
    expect(range('anthropic', 'claude-3-opus-20240229', 'maxOutputTokens')?.max).toBe(4096);
  });

  it('gives Google its table', () => {
    expect(keys(parameterFields('google', 'gemini-1.5-pro'))).toEqual(
      expect.arrayContaining(['maxOutputTokens', 'temperature', 'topP', 'topK']),
    );
    expect(range('google', 'gemini-1.5-pro', 'maxOutputTokens')).toBe(GOOGLE_PARAMETER_RANGES.maxOutputTokens);
    expect(range('google', 'gemini-1.5-pro', 'topK')).toBe(GOOGLE_PARAMETER_RANGES.topK);
  });

  it('gives Bedrock its region, maxTokens, and the Claude or Cohere ranges by model', () => {
    const claude = parameterFields('bedrock', 'anthropic.claude-3-7-sonnet-20250219-v1:0');
    expect(keys(claude)[0]).toBe('region');
    expect(keys(claude)).toEqual(expect.arrayContaining(['maxTokens', 'topK', 'thinking', 'thinkingBudget']));
    expect(keys(claude)).not.toContain('maxOutputTokens');
    expect(range('bedrock', 'anthropic.claude-3-7-sonnet-20250219-v1:0', 'topK')).toBe(
      BEDROCK_ANTHROPIC_PARAMETER_RANGES.topK,
    );

    const titan = parameterFields('bedrock', 'amazon.titan-text-premier-v1:0');
    expect(keys(titan)).not.toContain('topK');
    expect(keys(titan)).not.toContain('thinking');
    expect(range('bedrock', 'amazon.titan-text-premier-v1:0', 'maxTokens')).toBe(
      BEDROCK_PARAMETER_RANGES.maxOutputTokens,
    );
    expect(range('bedrock', 'amazon.titan-text-premier-v1:0', 'topP')).toBe(BEDROCK_PARAMETER_RANGES.topP);
    expect(range('bedrock', 'cohere.command-r-v1:0', 'topP')).toBe(BEDROCK_COHERE_TOP_P);
  });

  it('marks token counts and topK as integers, sampling values as decimals', () => {
    expect(numericRangeOf('google', 'x', 'topK')?.integer).toBe(true);
    expect(numericRangeOf('openAI', 'x', 'max_tokens')?.integer).toBe(true);
    expect(numericRangeOf('openAI', 'x', 'temperature')?.integer).toBe(false);
  });

  it('has no range for a key the table does not have', () => {
    expect(numericRangeOf('openAI', 'gpt-4o', 'topK')).toBeUndefined();
  });
});

describe('widestRangeOf', () => {
  it('spans every table, Bedrock variants included', () => {
    expect(widestRangeOf('topK')).toEqual({ min: 0, max: 500, step: 1 });
    expect(widestRangeOf('temperature')).toMatchObject({ min: 0, max: 2 });
    expect(widestRangeOf('topP')).toMatchObject({ min: 0, max: 1 });
    expect(widestRangeOf('region')).toBeUndefined();
  });
});
