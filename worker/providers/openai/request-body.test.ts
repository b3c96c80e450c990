import { describe, expect, it } from 'vitest';
import { normaliseParameters } from '../parameters';
import type { ChatRequest } from '../types';
import { acceptsReasoningEffort, isReasoningModel, rejectsInstructions } from './model-family';
import { buildChatBody } from './request-body';

function chat(model: string, options: Record<string, unknown> = {}, overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', content: 'Hi' }],
    parameters: normaliseParameters('openAI', model, options),
    ...overrides,
  };
}

describe('model families', () => {
  it.each([
    ['o1', true],
    ['o1-2024-12-17', true],
    ['o1-mini', true],
    ['o3-mini', true],
    ['o4-mini-2025-04-16', true],
    ['openai/o3', true],
    ['gpt-5', true],
    ['gpt-5-mini', true],
    ['gpt-5-chat-latest', false],
    ['gpt-4o', false],
    ['gpt-4o-mini', false],
    ['gpt-4.1', false],
    ['deepseek-reasoner', false],
    ['llama3.1:8b', false],
  ])('%s is a reasoning model: %s', (model, expected) => {
    expect(isReasoningModel(model)).toBe(expected);
  });

  it('knows which models take instructions and reasoning_effort', () => {
    expect([
      rejectsInstructions('o1-mini'),
      rejectsInstructions('o1-preview'),
      rejectsInstructions('o1'),
      rejectsInstructions('o3-mini'),
    ]).toEqual([true, true, false, false]);
    expect(
      ['o3-mini', 'o1', 'grok-3-mini', 'o1-mini', 'gpt-4o', 'gpt-3.5-turbo', 'chatgpt-4o-latest'].map(
        acceptsReasoningEffort,
      ),
    ).toEqual([true, true, true, false, false, false, false]);
  });
});

describe('buildChatBody: parameters per model family', () => {
  const options = {
    temperature: 0.3,
    top_p: 0.9,
    presence_penalty: 0.5,
    frequency_penalty: 0.2,
    max_tokens: 500,
    stop: ['END'],
    reasoning_effort: 'high',
  };

  it('sends the sampling parameters and max_tokens to chat models, not reasoning_effort', () => {
    const body = buildChatBody(chat('gpt-4o', options));
    expect(body).toMatchObject({
      temperature: 0.3,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: 0.2,
      max_tokens: 500,
      stop: ['END'],
    });
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(body).not.toHaveProperty('max_completion_tokens');
  });

  it('sends max_completion_tokens and reasoning_effort to reasoning models, and no sampling parameters', () => {
    const body = buildChatBody(chat('o3-mini', options, { system: 'Answer in French.' }));
    expect(body).toMatchObject({ max_completion_tokens: 500, reasoning_effort: 'high' });
    for (const key of ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty', 'max_tokens', 'stop'])
      expect(body).not.toHaveProperty(key);
    expect(body.messages).toEqual([
      { role: 'developer', content: 'Answer in French.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('folds instructions into the first user message for o1-mini and sends no reasoning_effort', () => {
    const request = chat('o1-mini', options, {
      system: 'Be terse.',
      messages: [
        { role: 'user', content: 'First' },
        { role: 'assistant', content: 'Ok' },
        { role: 'user', content: [{ type: 'text', text: 'Second' }] },
      ],
    });
    const body = buildChatBody(request);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Be terse.\n\nFirst' },
      { role: 'assistant', content: 'Ok' },
      { role: 'user', content: [{ type: 'text', text: 'Second' }] },
    ]);
    expect(body).not.toHaveProperty('reasoning_effort');
  });

  it('sends reasoning_effort to a custom endpoint model that is not known to reject it', () => {
    expect(buildChatBody(chat('grok-3-mini', { reasoning_effort: 'low' }))).toMatchObject({
      reasoning_effort: 'low',
      temperature: 1,
    });
  });

  it('omits a blank system prompt', () => {
    expect(buildChatBody(chat('gpt-4o', {}, { system: '   ' })).messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });
});

describe('buildChatBody: messages with images', () => {
  it('sends images as image_url parts with their detail, or the imageDetail parameter', () => {
    const request = chat(
      'gpt-4o',
      { imageDetail: 'low' },
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' },
              { type: 'image', url: 'https://example.com/cat.jpg', detail: 'high' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'A cat.' },
              { type: 'image', url: 'https://example.com/x.png' },
              { type: 'text', text: 'Cute.' },
            ],
          },
        ],
      },
    );
    expect(buildChatBody(request).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
        ],
      },
      { role: 'assistant', content: 'A cat.\nCute.' },
    ]);
  });
});

describe('buildChatBody: addParams and dropParams', () => {
  it('merges addParams over the body and removes dropParams', () => {
    const body = buildChatBody(chat('llama3', { temperature: 0.4 }), {
      addParams: { temperature: 0.9, safe_prompt: true, provider: { order: ['Together'] } },
      dropParams: ['stream_options', 'presence_penalty', 'frequency_penalty', 'top_p'],
    });
    expect(body).toEqual({
      model: 'llama3',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      temperature: 0.9,
      safe_prompt: true,
      provider: { order: ['Together'] },
    });
  });

  it('never lets the config replace or drop model, messages or stream', () => {
    const body = buildChatBody(chat('llama3'), {
      addParams: { model: 'other', messages: [], stream: false },
      dropParams: ['model', 'messages', 'stream'],
    });
    expect(body).toMatchObject({ model: 'llama3', messages: [{ role: 'user', content: 'Hi' }], stream: true });
  });
});
