import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatRequest } from '../types';
import { buildConverseRequest, isAnthropicModel } from './request';

const CLAUDE_35 = 'anthropic.claude-3-5-sonnet-20240620-v1:0';
const base: ChatRequest = { model: CLAUDE_35, messages: [{ role: 'user', content: 'Hi' }], parameters: {} };

describe('buildConverseRequest', () => {
  it('sends inferenceConfig and top_k for Anthropic models without thinking', () => {
    const body = buildConverseRequest({
      ...base,
      parameters: { maxOutputTokens: 2000, temperature: 0.2, topP: 0.9, topK: 250, stop: ['Human:'] },
    });
    expect(body.inferenceConfig).toEqual({ maxTokens: 2000, temperature: 0.2, topP: 0.9, stopSequences: ['Human:'] });
    expect(body.additionalModelRequestFields).toEqual({ top_k: 250 });
  });

  it('defaults maxTokens for Claude (Anthropic requires one) and leaves other models to Bedrock', () => {
    expect(buildConverseRequest(base).inferenceConfig).toEqual({ maxTokens: 8192 });
    expect(buildConverseRequest({ ...base, model: 'anthropic.claude-3-haiku-20240307-v1:0' }).inferenceConfig).toEqual({
      maxTokens: 4096,
    });
    const llama = buildConverseRequest({
      ...base,
      model: 'meta.llama3-70b-instruct-v1:0',
      parameters: { temperature: 0.5, topK: 10 },
    });
    expect(llama.inferenceConfig).toEqual({ temperature: 0.5 });
    expect(llama.additionalModelRequestFields).toBeUndefined();
  });

  it('asks Claude 3.7+ for thinking and then drops temperature, top_p and top_k', () => {
    const body = buildConverseRequest({
      ...base,
      model: 'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
      parameters: {
        maxOutputTokens: 8000,
        thinking: true,
        thinkingBudget: 9000,
        temperature: 0.2,
        topP: 0.5,
        topK: 10,
      },
    });
    expect(body.inferenceConfig).toEqual({ maxTokens: 8000 });
    expect(body.additionalModelRequestFields).toEqual({ thinking: { type: 'enabled', budget_tokens: 7200 } });
  });

  it('sends images as base64 bytes with their format, and refuses unsupported ones', () => {
    const body = buildConverseRequest({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What?' },
            { type: 'image', url: 'data:image/webp;base64,UklGRg==' },
          ],
        },
      ],
    });
    expect(body.messages[0]?.content).toEqual([
      { text: 'What?' },
      { image: { format: 'webp', source: { bytes: 'UklGRg==' } } },
    ]);
    expect(() =>
      buildConverseRequest({
        ...base,
        messages: [{ role: 'user', content: [{ type: 'image', url: 'https://x.test/a.png' }] }],
      }),
    ).toThrow(ProviderError);
    expect(() =>
      buildConverseRequest({
        ...base,
        messages: [{ role: 'user', content: [{ type: 'image', url: 'data:image/bmp;base64,Qk0=' }] }],
      }),
    ).toThrow(/bmp/);
  });

  it('alternates turns starting with the user and omits an empty system prompt', () => {
    const body = buildConverseRequest({
      ...base,
      system: '',
      messages: [
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'a' },
        { role: 'user', content: 'b' },
      ],
    });
    expect(body.messages).toEqual([{ role: 'user', content: [{ text: 'a' }, { text: 'b' }] }]);
    expect(body.system).toBeUndefined();
  });

  it('recognises Anthropic models, also through inference profiles', () => {
    expect(isAnthropicModel('anthropic.claude-v2:1')).toBe(true);
    expect(isAnthropicModel('eu.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe(true);
    expect(isAnthropicModel('amazon.nova-pro-v1:0')).toBe(false);
  });
});
