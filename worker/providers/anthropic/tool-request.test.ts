import { describe, expect, it } from 'vitest';
import { chunkedResponse, collectEvents, fakeFetch } from '../testing';
import type { ChatRequest, RequestMessage } from '../types';
import { REDACTED_THINKING_TOOL_STREAM } from './fixtures/tool-stream';
import { buildAnthropicRequest } from './request';
import { streamAnthropicChat } from './stream';

const EPHEMERAL = { type: 'ephemeral' };

/** The second request of a loop: the question, the model's signed turn with its calls, their results. */
const SECOND_TURN: RequestMessage[] = [
  { role: 'user', content: 'Weather in Paris, and the time?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Two tools, at once.', signature: 'EqQBsig==' },
      { type: 'redacted_reasoning', data: 'EmwKAhgBopaque==' },
      { type: 'text', text: 'Je vérifie ☕.' },
      { type: 'tool_call', id: 'toolu_w', name: 'get_weather', args: '{"city": "Paris, France"}' },
      { type: 'tool_call', id: 'toolu_t', name: 'get_time', args: '' },
    ],
  },
  {
    role: 'tool',
    results: [
      { type: 'tool_result', callId: 'toolu_t', name: 'get_time', output: '14:05', isError: false },
      { type: 'tool_result', callId: 'toolu_w', name: 'get_weather', output: 'Service down', isError: true },
    ],
  },
];

const request: ChatRequest = {
  model: 'claude-sonnet-4-20250514',
  system: 'Be brief.',
  messages: SECOND_TURN,
  parameters: { maxOutputTokens: 8192, thinking: true, thinkingBudget: 2000, promptCache: true },
  tools: [
    {
      name: 'get_weather',
      description: 'The weather now in a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    { name: 'get_time', description: '', parameters: { type: 'object', properties: {} } },
  ],
};

describe('streamAnthropicChat: the second request of a tool loop', () => {
  it('echoes the signed turn exactly and opens the next user turn with the results, in call order', async () => {
    const fake = fakeFetch(chunkedResponse(REDACTED_THINKING_TOOL_STREAM));
    await collectEvents(streamAnthropicChat({ apiKey: 'sk-ant-test' }, request, fake.fetch));
    const call = fake.only();
    expect(call.headers.get('anthropic-beta')).toBe('prompt-caching-2024-07-31');
    expect(call.body).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 8192,
      stream: true,
      system: [{ type: 'text', text: 'Be brief.', cache_control: EPHEMERAL }],
      thinking: { type: 'enabled', budget_tokens: 2000 },
      tools: [
        {
          name: 'get_weather',
          description: 'The weather now in a city.',
          input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
        { name: 'get_time', input_schema: { type: 'object', properties: {} }, cache_control: EPHEMERAL },
      ],
      tool_choice: { type: 'auto' },
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Weather in Paris, and the time?', cache_control: EPHEMERAL }],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Two tools, at once.', signature: 'EqQBsig==' },
            { type: 'redacted_thinking', data: 'EmwKAhgBopaque==' },
            { type: 'text', text: 'Je vérifie ☕.' },
            { type: 'tool_use', id: 'toolu_w', name: 'get_weather', input: { city: 'Paris, France' } },
            { type: 'tool_use', id: 'toolu_t', name: 'get_time', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_w', content: 'Service down', is_error: true },
            { type: 'tool_result', tool_use_id: 'toolu_t', content: '14:05', cache_control: EPHEMERAL },
          ],
        },
      ],
    });
  });
});

describe('buildAnthropicRequest: tools', () => {
  it('sends no tool fields without tools, and no cache mark on tools without caching', () => {
    const plain = buildAnthropicRequest({ ...request, messages: [{ role: 'user', content: 'Hi' }], tools: [] });
    expect(plain.body).not.toHaveProperty('tools');
    expect(plain.body).not.toHaveProperty('tool_choice');
    const uncached = buildAnthropicRequest({ ...request, parameters: { ...request.parameters, promptCache: false } });
    expect(JSON.stringify(uncached.body)).not.toContain('cache_control');
  });

  it('leaves out reasoning it cannot echo (unsigned) and an empty result’s content', () => {
    const { body } = buildAnthropicRequest({
      ...request,
      messages: [
        { role: 'user', content: 'Time?' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'unsigned' },
            { type: 'tool_call', id: 't', name: 'get_time', args: '{"zone":' },
          ],
        },
        { role: 'tool', results: [{ type: 'tool_result', callId: 't', name: 'get_time', output: '', isError: true }] },
      ],
    });
    expect(body.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'get_time', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', is_error: true, cache_control: EPHEMERAL }] },
    ]);
  });

  it('refuses results that answer no call of the turn before them', () => {
    expect(() =>
      buildAnthropicRequest({ ...request, messages: [SECOND_TURN[0], SECOND_TURN[2]].filter((m) => m !== undefined) }),
    ).toThrow(expect.objectContaining({ code: 'invalid_request_error' }));
  });
});
