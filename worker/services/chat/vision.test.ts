import { describe, expect, it } from 'vitest';
import { isModelImageType, modelSeesImages } from '../../contract/vision';

describe('modelSeesImages', () => {
  it.each([
    'gpt-4o',
    'gpt-4o-mini',
    'chatgpt-4o-latest',
    'GPT-4o-2024-08-06',
    'gpt-4-turbo',
    'gpt-4-turbo-2024-04-09',
    'gpt-4-vision-preview',
    'gpt-4.1-nano',
    'gpt-4.5-preview',
    'gpt-5-mini',
    'o1',
    'o1-2024-12-17',
    'o3',
    'o3-pro',
    'o4-mini',
    'openai/gpt-4o',
    'claude-3-haiku-20240307',
    'claude-3-7-sonnet-latest',
    'claude-sonnet-4-20250514',
    'claude-opus-4-1',
    'anthropic.claude-3-5-sonnet-20240620-v1:0',
    'us.anthropic.claude-sonnet-4-20250514-v1:0',
    'gemini-2.5-flash',
    'gemini-1.5-pro',
    'gemini-pro-vision',
    'gemma3:12b',
    'llava:13b',
    'llama3.2-vision',
    'meta-llama/Llama-3.2-11B-Vision-Instruct',
    'llama-4-scout-17b-16e-instruct',
    'pixtral-12b-2409',
    'Qwen/Qwen2.5-VL-72B-Instruct',
    'qwen-vl-max',
    'minicpm-v',
    'mistral-small-2503',
    'grok-2-vision-1212',
    'grok-4',
    'amazon.nova-pro-v1:0',
  ])('%s sees images', (model) => {
    expect(modelSeesImages(model)).toBe(true);
  });

  it.each([
    '',
    'gpt-3.5-turbo',
    'gpt-4',
    'gpt-4-0613',
    'gpt-4-turbo-preview',
    'gpt-4-1106-preview',
    'gpt-4o-audio-preview',
    'gpt-4o-realtime-preview',
    'gpt-4o-mini-tts',
    'o1-mini',
    'o1-preview',
    'o3-mini',
    'claude-2.1',
    'claude-instant-1.2',
    'gemini-pro',
    'gemini-1.0-pro-001',
    'gemma3:1b',
    'gemma2:9b',
    'llama3.1:8b',
    'mistral-large-latest',
    'deepseek-chat',
    'amazon.nova-micro-v1:0',
    'mock-fast',
    'test-model',
    // `o1` or `o3` inside another name is not OpenAI's model.
    'foo1',
    'demo3',
  ])('%s is text-only', (model) => {
    expect(modelSeesImages(model)).toBe(false);
  });

  it("counts the operator's visionModels: a name containing one of them, in any case", () => {
    expect(modelSeesImages('mock-fast', ['mock-fast'])).toBe(true);
    expect(modelSeesImages('acme-vision-7b:q4', ['ACME-VISION'])).toBe(true);
    expect(modelSeesImages('mock-slow', ['mock-fast'])).toBe(false);
    // An empty entry names no model.
    expect(modelSeesImages('mock-slow', ['', '  '])).toBe(false);
  });
});

describe('isModelImageType', () => {
  it('takes the raster types models read, not SVG or other files', () => {
    expect(['image/png', 'image/jpeg', 'IMAGE/WEBP', 'image/gif'].map(isModelImageType)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['image/svg+xml', 'application/pdf', 'text/plain'].map(isModelImageType)).toEqual([false, false, false]);
  });
});
