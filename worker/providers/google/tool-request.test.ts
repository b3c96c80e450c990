import { describe, expect, it } from 'vitest';
import { chunkedResponse, collectEvents, fakeFetch } from '../testing';
import type { ChatRequest, RequestMessage } from '../types';
import { CALL_WITH_ID_STREAM } from './fixtures/tool-stream';
import { buildGeminiRequest } from './request';
import { streamGoogleChat } from './stream';

const LOCAL_A = 'call_local_0123456789abcdef0123456789abcdef';
const LOCAL_B = 'call_local_fedcba9876543210fedcba9876543210';

/** The second request of a loop: the question, the model's turn with its signed calls, their results. */
const SECOND_TURN: RequestMessage[] = [
  { role: 'user', content: 'Weather in Paris, and the time?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Two tools, at once.' },
      { type: 'text', text: 'Je vérifie ☕.' },
      {
        type: 'tool_call',
        id: LOCAL_A,
        name: 'get_weather',
        args: '{"city": "Paris, France"}',
        signature: 'CiQBsig==',
      },
      { type: 'tool_call', id: LOCAL_B, name: 'get_time', args: '' },
    ],
  },
  {
    role: 'tool',
    results: [
      { type: 'tool_result', callId: LOCAL_B, name: 'get_time', output: '14:05', isError: false },
      { type: 'tool_result', callId: LOCAL_A, name: 'get_weather', output: 'Service down', isError: true },
    ],
  },
];

const request: ChatRequest = {
  model: 'gemini-2.5-flash',
  system: 'Be brief.',
  messages: SECOND_TURN,
  parameters: { temperature: 0.2 },
  tools: [
    {
      name: 'get_weather',
      description: 'The weather now in a city.',
      parameters: {
        type: 'object',
        $schema: 'http://json-schema.org/draft-07/schema#',
        additionalProperties: false,
        properties: { city: { type: 'string', default: 'Paris' }, unit: { type: ['string', 'null'] } },
        required: ['city'],
      },
    },
    { name: 'get_time', description: '', parameters: { type: 'object' } },
  ],
};

describe('streamGoogleChat: the second request of a tool loop', () => {
  it('declares cleaned tools, echoes the signed model turn and answers each call in call order', async () => {
    const fake = fakeFetch(chunkedResponse(CALL_WITH_ID_STREAM));
    await collectEvents(streamGoogleChat({ apiKey: 'AIza-test' }, request, fake.fetch));
    expect(fake.only().body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.2, thinkingConfig: { includeThoughts: true } },
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'The weather now in a city.',
              parameters: {
                type: 'object',
                properties: { city: { type: 'string' }, unit: { type: 'string', nullable: true } },
                required: ['city'],
              },
            },
            { name: 'get_time', parameters: { type: 'object', properties: {} } },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris, and the time?' }] },
        {
          role: 'model',
          parts: [
            { text: 'Je vérifie ☕.' },
            { functionCall: { name: 'get_weather', args: { city: 'Paris, France' } }, thoughtSignature: 'CiQBsig==' },
            { functionCall: { name: 'get_time', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { error: 'Service down' } } },
            { functionResponse: { name: 'get_time', response: { output: '14:05' } } },
          ],
        },
      ],
    });
  });
});

describe('buildGeminiRequest: tools', () => {
  it('sends no tool fields without tools', () => {
    const body = buildGeminiRequest({ ...request, messages: [{ role: 'user', content: 'Hi' }], tools: [] });
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('toolConfig');
  });

  it('sends back the ids Gemini gave, on the call and on its result', () => {
    const body = buildGeminiRequest({
      ...request,
      messages: [
        { role: 'user', content: '2^10?' },
        {
          role: 'assistant',
          content: [{ type: 'tool_call', id: 'fc_1', name: 'calculator', args: '{"input":"2^10"}' }],
        },
        {
          role: 'tool',
          results: [{ type: 'tool_result', callId: 'fc_1', name: 'calculator', output: '1024', isError: false }],
        },
      ],
    });
    expect(body.contents.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'calculator', args: { input: '2^10' }, id: 'fc_1' } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'calculator', id: 'fc_1', response: { output: '1024' } } }] },
    ]);
  });

  it('refuses results that answer no call of the turn before them', () => {
    expect(() =>
      buildGeminiRequest({ ...request, messages: [SECOND_TURN[0], SECOND_TURN[2]].filter((m) => m !== undefined) }),
    ).toThrow(expect.objectContaining({ code: 'invalid_request_error' }));
  });
});
