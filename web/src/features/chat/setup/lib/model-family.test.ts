import { describe, expect, it } from 'vitest';
import { isClaudeModel, isCohereModel, isLegacyAnthropicModel, isReasoningModel } from './model-family';

describe('model family', () => {
  it.each(['o1', 'o1-2024-12-17', 'o3-mini', 'o4-mini-high', 'openai/o3', 'gpt-5', 'gpt-5-mini'])(
    '%s is a reasoning model',
    (model) => {
      expect(isReasoningModel(model)).toBe(true);
    },
  );

  it.each(['gpt-4o', 'gpt-4o-mini', 'gpt-5-chat-latest', 'claude-3-opus', 'llama-3-70b', '', null])(
    '%s is not a reasoning model',
    (model) => {
      expect(isReasoningModel(model)).toBe(false);
    },
  );

  it.each([
    'claude-3-haiku-20240307',
    'claude-3-opus-20240229',
    'claude-3-5-haiku-latest',
    'claude-2.1',
    'claude-instant-1.2',
    'anthropic.claude-3-sonnet-20240229-v1:0',
  ])('%s keeps the legacy output cap', (model) => expect(isLegacyAnthropicModel(model)).toBe(true));

  it.each([
    'claude-3-5-sonnet-latest',
    'claude-3-7-sonnet-20250219',
    'claude-sonnet-4-20250514',
    'claude-opus-4-1',
    'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
  ])('%s is outside the legacy cap', (model) => expect(isLegacyAnthropicModel(model)).toBe(false));

  it('does not narrow the range before a model is chosen', () => {
    expect(isLegacyAnthropicModel(undefined)).toBe(false);
  });

  it('recognises Claude and Cohere names', () => {
    expect(isClaudeModel('anthropic.claude-3-haiku')).toBe(true);
    expect(isClaudeModel('amazon.titan')).toBe(false);
    expect(isCohereModel('cohere.command-r-v1:0')).toBe(true);
    expect(isCohereModel('meta.llama3')).toBe(false);
  });
});
