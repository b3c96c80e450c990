import { describe, expect, it } from 'vitest';
import { argsObject, inCallOrder } from './tool-rounds';
import type { AssistantMessage, RequestMessage, ToolResultPart } from './types';

const ask: RequestMessage = { role: 'user', content: 'Weather in Paris and Oslo?' };
const calls: AssistantMessage = {
  role: 'assistant',
  content: [
    { type: 'text', text: 'Checking both.' },
    { type: 'tool_call', id: 'call_a', name: 'get_weather', args: '{"city":"Paris"}' },
    { type: 'tool_call', id: 'call_b', name: 'get_weather', args: '{"city":"Oslo"}' },
  ],
};
const result = (callId: string, output = `out ${callId}`): ToolResultPart => ({
  type: 'tool_result',
  callId,
  name: 'get_weather',
  output,
  isError: false,
});

describe('inCallOrder', () => {
  it('puts each round’s results in the order of its calls', () => {
    const messages = inCallOrder([ask, calls, { role: 'tool', results: [result('call_b'), result('call_a')] }]);
    expect(messages.at(-1)).toEqual({ role: 'tool', results: [result('call_a'), result('call_b')] });
    expect(messages.slice(0, 2)).toEqual([ask, calls]);
  });

  it.each([
    ['a call without results', [ask, calls], /has no result/],
    ['a missing result', [ask, calls, { role: 'tool', results: [result('call_a')] }], /"call_b" has no result/],
    [
      'a result for no call',
      [ask, calls, { role: 'tool', results: [result('call_a'), result('call_b'), result('call_z')] }],
      /"call_z" answers no call/,
    ],
    [
      'two results for one call',
      [ask, calls, { role: 'tool', results: [result('call_a'), result('call_a'), result('call_b')] }],
      /more than one result/,
    ],
    ['results after a user turn', [ask, { role: 'tool', results: [result('call_a')] }], /must follow the assistant/],
    [
      'two calls with one id',
      [
        ask,
        {
          role: 'assistant',
          content: [
            { type: 'tool_call', id: 'dup', name: 'a', args: '' },
            { type: 'tool_call', id: 'dup', name: 'b', args: '' },
          ],
        },
        { role: 'tool', results: [result('dup')] },
      ],
      /share an id/,
    ],
  ] as Array<[string, RequestMessage[], RegExp]>)('refuses %s', (_name, messages, message) => {
    expect(() => inCallOrder(messages)).toThrow(message);
    try {
      inCallOrder(messages);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_request_error' });
    }
  });

  it('leaves a conversation without tools as it is', () => {
    const plain: RequestMessage[] = [
      ask,
      { role: 'assistant', content: 'Sunny.' },
      { role: 'user', content: 'Thanks' },
    ];
    expect(inCallOrder(plain)).toEqual(plain);
  });
});

describe('argsObject', () => {
  it('parses an object and reads empty, broken or non-object JSON as no arguments', () => {
    expect(argsObject('{"q":"café ☕","n":2}')).toEqual({ q: 'café ☕', n: 2 });
    expect(argsObject('')).toEqual({});
    expect(argsObject('  ')).toEqual({});
    expect(argsObject('{"q":"cut')).toEqual({});
    expect(argsObject('[1,2]')).toEqual({});
    expect(argsObject('null')).toEqual({});
  });
});
