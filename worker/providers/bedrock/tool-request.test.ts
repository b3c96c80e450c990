import { describe, expect, it } from 'vitest';
import { chunkedResponse, collectEvents, fakeFetch } from '../testing';
import type { ChatRequest, RequestMessage } from '../types';
import { framesOf } from './fixtures/stream';
import { REDACTED_TOOL_REPLY } from './fixtures/tool-stream';
import { buildConverseRequest } from './request';
import { streamBedrockChat } from './stream';

/** The second request of a loop: the question, the model's signed turn with its calls, their results. */
const SECOND_TURN: RequestMessage[] = [
  { role: 'user', content: 'Weather in Paris, and the time?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Two tools, at once.', signature: 'EqQBsig==' },
      { type: 'redacted_reasoning', data: 'EmwKAhgBopaque==' },
      { type: 'text', text: 'Je vérifie ☕.' },
      { type: 'tool_call', id: 'tooluse_w', name: 'get_weather', args: '{"city": "Paris, France"}' },
      { type: 'tool_call', id: 'tooluse_t', name: 'get_time', args: '' },
    ],
  },
  {
    role: 'tool',
    results: [
      { type: 'tool_result', callId: 'tooluse_t', name: 'get_time', output: '14:05', isError: false },
      { type: 'tool_result', callId: 'tooluse_w', name: 'get_weather', output: 'Service down', isError: true },
    ],
  },
];

const WEATHER_SCHEMA = {
  type: 'object' as const,
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};

const request: ChatRequest = {
  model: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
  system: 'Be brief.',
  messages: SECOND_TURN,
  parameters: { maxOutputTokens: 8192, thinking: true, thinkingBudget: 2000 },
  tools: [
    { name: 'get_weather', description: 'The weather now in a city.', parameters: WEATHER_SCHEMA },
    { name: 'get_time', description: '', parameters: { type: 'object', properties: {} } },
  ],
};

describe('streamBedrockChat: the second request of a tool loop', () => {
  it('sends toolConfig, echoes the signed turn exactly and opens the next user turn with the results', async () => {
    const fake = fakeFetch(
      chunkedResponse(framesOf(REDACTED_TOOL_REPLY), 'awkward', {
        headers: { 'content-type': 'application/vnd.amazon.eventstream' },
      }),
    );
    await collectEvents(
      streamBedrockChat({ region: 'us-east-1', accessKeyId: 'AKID', secretAccessKey: 'secret' }, request, fake.fetch),
    );
    expect(fake.only().body).toEqual({
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 8192 },
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 2000 } },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'get_weather',
              description: 'The weather now in a city.',
              inputSchema: { json: WEATHER_SCHEMA },
            },
          },
          { toolSpec: { name: 'get_time', inputSchema: { json: { type: 'object', properties: {} } } } },
        ],
        toolChoice: { auto: {} },
      },
      messages: [
        { role: 'user', content: [{ text: 'Weather in Paris, and the time?' }] },
        {
          role: 'assistant',
          content: [
            { reasoningContent: { reasoningText: { text: 'Two tools, at once.', signature: 'EqQBsig==' } } },
            { reasoningContent: { redactedContent: 'EmwKAhgBopaque==' } },
            { text: 'Je vérifie ☕.' },
            { toolUse: { toolUseId: 'tooluse_w', name: 'get_weather', input: { city: 'Paris, France' } } },
            { toolUse: { toolUseId: 'tooluse_t', name: 'get_time', input: {} } },
          ],
        },
        {
          role: 'user',
          content: [
            { toolResult: { toolUseId: 'tooluse_w', content: [{ text: 'Service down' }], status: 'error' } },
            { toolResult: { toolUseId: 'tooluse_t', content: [{ text: '14:05' }], status: 'success' } },
          ],
        },
      ],
    });
  });
});

describe('buildConverseRequest: tools', () => {
  it('sends no toolConfig without tools', () => {
    const body = buildConverseRequest({ ...request, messages: [{ role: 'user', content: 'Hi' }], tools: [] });
    expect(body).not.toHaveProperty('toolConfig');
  });

  it('leaves out reasoning it cannot echo (unsigned) and an empty result’s text', () => {
    const body = buildConverseRequest({
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
        { role: 'tool', results: [{ type: 'tool_result', callId: 't', name: 'get_time', output: '', isError: false }] },
      ],
    });
    expect(body.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'get_time', input: {} } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 't', content: [], status: 'success' } }] },
    ]);
  });

  it('refuses a call left without its result', () => {
    expect(() => buildConverseRequest({ ...request, messages: SECOND_TURN.slice(0, 2) })).toThrow(
      expect.objectContaining({ code: 'invalid_request_error' }),
    );
  });
});
