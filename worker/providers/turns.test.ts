import { describe, expect, it } from 'vitest';
import { parseDataUrl, toAlternatingTurns } from './turns';
import type { RequestMessage, ToolResultPart } from './types';

describe('toAlternatingTurns', () => {
  it('merges runs of one role, drops empty messages and a leading assistant turn', () => {
    expect(
      toAlternatingTurns([
        { role: 'assistant', content: 'greeting' },
        { role: 'assistant', content: 'more greeting' },
        { role: 'user', content: '' },
        { role: 'user', content: 'q1' },
        { role: 'assistant', content: ' \n ' },
        { role: 'user', content: 'q2' },
        { role: 'assistant', content: 'a' },
      ]),
    ).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', text: 'q1' },
          { type: 'text', text: 'q2' },
        ],
      },
      { role: 'assistant', parts: [{ type: 'text', text: 'a' }] },
    ]);
  });

  it('does not change the caller’s messages when merging', () => {
    const content = [{ type: 'text' as const, text: 'x' }];
    toAlternatingTurns([
      { role: 'user', content },
      { role: 'user', content: 'y' },
    ]);
    expect(content).toEqual([{ type: 'text', text: 'x' }]);
  });
});

const result: ToolResultPart = { type: 'tool_result', callId: 'call_1', name: 'calc', output: '4', isError: false };
const call = { type: 'tool_call' as const, id: 'call_1', name: 'calc', args: '{"e":"2+2"}' };

describe('toAlternatingTurns: tool loops', () => {
  it('sends results as a user turn that opens with them, text after them', () => {
    const messages: RequestMessage[] = [
      { role: 'user', content: '2+2?' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'Use the tool.', signature: 'sig' }, call] },
      { role: 'tool', results: [result] },
      { role: 'user', content: 'And then?' },
    ];
    expect(toAlternatingTurns(messages)).toEqual([
      { role: 'user', parts: [{ type: 'text', text: '2+2?' }] },
      { role: 'assistant', parts: [{ type: 'reasoning', text: 'Use the tool.', signature: 'sig' }, call] },
      { role: 'user', parts: [result, { type: 'text', text: 'And then?' }] },
    ]);
  });

  it('drops results that open the conversation, like a leading assistant turn', () => {
    expect(
      toAlternatingTurns([
        { role: 'assistant', content: [call] },
        { role: 'tool', results: [result] },
        { role: 'user', content: 'Hi' },
      ]),
    ).toEqual([{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }]);
  });
});

describe('parseDataUrl', () => {
  it('reads the media type and base64 data, with parameters and line breaks', () => {
    expect(parseDataUrl('data:image/PNG;base64,iVBO\nRw0=')).toEqual({ mimeType: 'image/png', data: 'iVBORw0=' });
    expect(parseDataUrl('data:image/jpeg;name=cat.jpg;base64,/9j/')).toEqual({ mimeType: 'image/jpeg', data: '/9j/' });
  });

  it('refuses URLs that are not base64 data URLs', () => {
    expect(parseDataUrl('https://example.com/a.png')).toBeUndefined();
    expect(parseDataUrl('data:image/png,rawbytes')).toBeUndefined();
    expect(parseDataUrl('data:;base64,AAAA')).toBeUndefined();
  });
});
