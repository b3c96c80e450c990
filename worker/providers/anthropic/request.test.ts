import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatRequest, type ModelParameters } from '../types';
import { supportsThinking } from './models';
import { buildAnthropicRequest } from './request';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function build(parameters: ModelParameters, overrides: Partial<ChatRequest> = {}) {
  return buildAnthropicRequest({
    model: 'claude-3-7-sonnet-20250219',
    messages: [{ role: 'user', content: 'Hi' }],
    parameters,
    ...overrides,
  });
}

describe('buildAnthropicRequest: messages', () => {
  it('merges consecutive same-role messages, drops a leading assistant turn and empty text', () => {
    const { body } = build(
      {},
      {
        messages: [
          { role: 'assistant', content: 'Welcome!' },
          { role: 'user', content: 'one' },
          {
            role: 'user',
            content: [
              { type: 'text', text: '  ' },
              { type: 'text', text: 'two' },
            ],
          },
          { role: 'assistant', content: 'reply' },
          { role: 'user', content: 'three' },
        ],
      },
    );
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'reply' }] },
      { role: 'user', content: [{ type: 'text', text: 'three' }] },
    ]);
  });

  it('sends data-URL images as base64 blocks and https images by URL', () => {
    const { body } = build(
      {},
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', url: PNG },
              { type: 'image', url: 'https://example.com/cat.jpg' },
              { type: 'text', text: 'What is this?' },
            ],
          },
        ],
      },
    );
    expect(body.messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'text', text: 'What is this?' },
    ]);
  });

  it('refuses image types Anthropic does not take, and a conversation without a user turn', () => {
    expect(() =>
      build({}, { messages: [{ role: 'user', content: [{ type: 'image', url: 'data:image/tiff;base64,AAAA' }] }] }),
    ).toThrow(ProviderError);
    expect(() => build({}, { messages: [{ role: 'assistant', content: 'only me' }] })).toThrow(/no user message/);
  });

  it('trims trailing whitespace of a final assistant (prefill) turn', () => {
    const { body } = build(
      {},
      {
        messages: [
          { role: 'user', content: 'Go on' },
          { role: 'assistant', content: 'Once upon a time \n' },
        ],
      },
    );
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Once upon a time' }] });
  });
});

describe('buildAnthropicRequest: parameters', () => {
  it('sends sampling parameters and stop sequences when thinking is off', () => {
    const { body } = build({
      temperature: 0.3,
      topP: 0.7,
      topK: 5,
      stop: ['END'],
      maxOutputTokens: 1000,
      thinking: false,
    });
    expect(body).toMatchObject({ max_tokens: 1000, temperature: 0.3, top_p: 0.7, top_k: 5, stop_sequences: ['END'] });
    expect(body.thinking).toBeUndefined();
  });

  it('with thinking on, omits temperature and top_k, and top_p unless 0.95–1', () => {
    const { body } = build({
      temperature: 0.3,
      topP: 0.7,
      topK: 5,
      maxOutputTokens: 8192,
      thinking: true,
      thinkingBudget: 3000,
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_k');
    expect(body).not.toHaveProperty('top_p');
    expect(build({ topP: 0.97, thinking: true }).body.top_p).toBe(0.97);
  });

  it('keeps the budget below max_tokens, and drops thinking when under the 1024 floor', () => {
    expect(build({ maxOutputTokens: 4000, thinking: true, thinkingBudget: 6000 }).body.thinking).toEqual({
      type: 'enabled',
      budget_tokens: 3600,
    });
    const small = build({ maxOutputTokens: 1000, thinking: true, thinkingBudget: 2000, temperature: 0.2 }).body;
    expect(small.thinking).toBeUndefined();
    expect(small.temperature).toBe(0.2);
  });

  it('uses the default budget of 2000 when none is given', () => {
    expect(build({ thinking: true }).body.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
  });

  it('sends thinking only to models that support it, and never with a prefill', () => {
    expect(build({ thinking: true }, { model: 'claude-3-5-sonnet-20241022' }).body.thinking).toBeUndefined();
    expect(build({ thinking: true }, { model: 'claude-sonnet-4-20250514' }).body.thinking).toBeDefined();
    const prefill = build(
      { thinking: true },
      {
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Well' },
        ],
      },
    );
    expect(prefill.body.thinking).toBeUndefined();
    expect(
      ['claude-3-7-sonnet-20250219', 'claude-opus-4-1-20250805', 'us.anthropic.claude-sonnet-4-20250514-v1:0'].every(
        supportsThinking,
      ),
    ).toBe(true);
    expect(['claude-3-5-sonnet-latest', 'claude-3-opus-20240229', 'claude-2.1'].some(supportsThinking)).toBe(false);
  });

  it('defaults max_tokens per family: 8192 for 3.5-sonnet and newer, 4096 for older models', () => {
    expect(build({}, { model: 'claude-3-5-sonnet-latest' }).body.max_tokens).toBe(8192);
    expect(build({}, { model: 'claude-3-haiku-20240307' }).body.max_tokens).toBe(4096);
  });

  it('sends only temperature to models that refuse temperature with top_p', () => {
    const { body } = build({ temperature: 0.4, topP: 0.8, thinking: false }, { model: 'claude-sonnet-4-5-20250929' });
    expect(body.temperature).toBe(0.4);
    expect(body).not.toHaveProperty('top_p');
  });
});

describe('buildAnthropicRequest: prompt caching and betas', () => {
  const conversation: ChatRequest['messages'] = [
    { role: 'user', content: 'first' },
    { role: 'assistant', content: 'a' },
    { role: 'user', content: 'second' },
    { role: 'assistant', content: 'b' },
    { role: 'user', content: 'third' },
  ];

  it('marks the system prompt and the last two user turns as ephemeral cache breakpoints', () => {
    const { body, betas } = build({ promptCache: true }, { system: 'Be brief.', messages: conversation });
    expect(body.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }]);
    const marked = body.messages.map((message) => message.content.some((block) => block.cache_control !== undefined));
    expect(marked).toEqual([false, false, true, false, true]);
    expect(betas).toEqual(['prompt-caching-2024-07-31']);
  });

  it('sends the system prompt as plain text and no cache marks without promptCache', () => {
    const { body, betas } = build({ promptCache: false }, { system: 'Be brief.', messages: conversation });
    expect(body.system).toBe('Be brief.');
    expect(JSON.stringify(body)).not.toContain('cache_control');
    expect(betas).toEqual([]);
  });

  it('asks for the 128k output beta on 3.7 above 64000 tokens', () => {
    expect(build({ maxOutputTokens: 100_000 }).betas).toContain('output-128k-2025-02-19');
    expect(build({ maxOutputTokens: 64_000 }).betas).not.toContain('output-128k-2025-02-19');
  });
});
