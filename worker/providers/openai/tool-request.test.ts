import { describe, expect, it } from 'vitest';
import { normaliseParameters } from '../parameters';
import type { ChatRequest, RequestMessage, ToolDefinition } from '../types';
import { buildChatBody } from './request-body';

const TOOLS: ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'The weather now in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  { name: 'get_time', description: '', parameters: { type: 'object', properties: {} } },
];

/** The second request of a loop: the question, the model's calls, their results (not in call order). */
const SECOND_TURN: RequestMessage[] = [
  { role: 'user', content: 'Weather in Paris, and the time?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Two tools.' },
      { type: 'tool_call', id: 'call_w', name: 'get_weather', args: '{"city":"Paris"}' },
      { type: 'tool_call', id: 'call_t', name: 'get_time', args: '' },
    ],
  },
  {
    role: 'tool',
    results: [
      { type: 'tool_result', callId: 'call_t', name: 'get_time', output: '14:05', isError: false },
      { type: 'tool_result', callId: 'call_w', name: 'get_weather', output: 'Service down', isError: true },
    ],
  },
];

function chat(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'gpt-4o',
    system: 'Be brief.',
    messages: SECOND_TURN,
    parameters: normaliseParameters('openAI', 'gpt-4o', {}),
    tools: TOOLS,
    ...overrides,
  };
}

describe('buildChatBody: tools', () => {
  it('sends the tools, auto choice, the calls and one tool message per result in call order', () => {
    expect(buildChatBody(chat())).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris, and the time?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_w', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_t', type: 'function', function: { name: 'get_time', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_w', content: 'Service down' },
        { role: 'tool', tool_call_id: 'call_t', content: '14:05' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 1,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'The weather now in a city.',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        },
        { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } },
      ],
      tool_choice: 'auto',
    });
  });

  it('keeps the text of a turn that also called tools', () => {
    const messages: RequestMessage[] = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_call', id: 'c', name: 'get_weather', args: '{"city":"Oslo"}' },
        ],
      },
      {
        role: 'tool',
        results: [{ type: 'tool_result', callId: 'c', name: 'get_weather', output: 'Rain', isError: false }],
      },
    ];
    expect(buildChatBody(chat({ messages, system: undefined })).messages).toEqual([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
      },
      { role: 'tool', tool_call_id: 'c', content: 'Rain' },
    ]);
  });

  it('sends no tool fields without tools', () => {
    const messages: RequestMessage[] = [{ role: 'user', content: 'Hi' }];
    for (const tools of [undefined, []]) {
      const body = buildChatBody(chat({ messages, tools }));
      expect(body).not.toHaveProperty('tools');
      expect(body).not.toHaveProperty('tool_choice');
    }
  });

  it('protects tools and tool_choice from the config only when the request has tools', () => {
    const options = { addParams: { tool_choice: 'required', tools: [] }, dropParams: ['tools', 'tool_choice'] };
    expect(buildChatBody(chat(), options)).toMatchObject({ tool_choice: 'auto', tools: [{}, {}] });
    const plain = buildChatBody(chat({ messages: [{ role: 'user', content: 'Hi' }], tools: undefined }), {
      addParams: { tool_choice: 'none' },
    });
    expect(plain.tool_choice).toBe('none');
  });

  it('refuses a loop whose calls are not all answered, before anything is sent', () => {
    expect(() => buildChatBody(chat({ messages: SECOND_TURN.slice(0, 2) }))).toThrow(
      expect.objectContaining({ code: 'invalid_request_error' }),
    );
  });
});
