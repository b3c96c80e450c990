import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatRequest } from '../types';
import { buildGeminiRequest, isThinkingModel } from './request';

const base: ChatRequest = {
  model: 'gemini-1.5-flash-latest',
  messages: [{ role: 'user', content: 'Hi' }],
  parameters: {},
};

describe('buildGeminiRequest', () => {
  it('maps roles to user/model, merges repeats, and inlines data-URL images', () => {
    const body = buildGeminiRequest({
      ...base,
      messages: [
        { role: 'user', content: 'Look:' },
        { role: 'user', content: [{ type: 'image', url: 'data:image/jpeg;base64,/9j/4AAQ' }] },
        { role: 'assistant', content: 'A cat.' },
        { role: 'user', content: 'Sure?' },
      ],
    });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Look:' }, { inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } }] },
      { role: 'model', parts: [{ text: 'A cat.' }] },
      { role: 'user', parts: [{ text: 'Sure?' }] },
    ]);
  });

  it('sends generationConfig only with what was set, and no systemInstruction for a blank system', () => {
    expect(buildGeminiRequest({ ...base, system: '  ' })).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
    });
    expect(
      buildGeminiRequest({ ...base, parameters: { maxOutputTokens: 100, stop: ['###'], topK: 3 } }).generationConfig,
    ).toEqual({
      maxOutputTokens: 100,
      stopSequences: ['###'],
      topK: 3,
    });
  });

  it('asks thinking models for thought summaries unless thinking is switched off', () => {
    expect(buildGeminiRequest({ ...base, model: 'gemini-2.5-pro' }).generationConfig).toEqual({
      thinkingConfig: { includeThoughts: true },
    });
    expect(
      buildGeminiRequest({ ...base, model: 'gemini-2.5-pro', parameters: { thinking: false } }).generationConfig,
    ).toBeUndefined();
    expect(isThinkingModel('gemini-2.0-flash-thinking-exp-01-21')).toBe(true);
    expect(isThinkingModel('gemini-2.0-flash')).toBe(false);
  });

  it('refuses remote image URLs (Gemini only fetches its own file URIs) and an empty conversation', () => {
    expect(() =>
      buildGeminiRequest({
        ...base,
        messages: [{ role: 'user', content: [{ type: 'image', url: 'https://x.test/a.png' }] }],
      }),
    ).toThrow(ProviderError);
    expect(() => buildGeminiRequest({ ...base, messages: [] })).toThrow(/no user message/);
  });
});
