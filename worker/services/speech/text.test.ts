import { describe, expect, it } from 'vitest';
import { MAX_ENGINE_INPUT, messageText, speakableText, splitForSpeech } from './text';

describe('messageText', () => {
  it('joins the text parts (LibreChat’s {value} form too) and leaves thinking and tool calls out', () => {
    const content = JSON.stringify([
      { type: 'think', think: 'hidden' },
      { type: 'text', text: 'First.' },
      { type: 'tool_call', tool_call: { name: 'calc' } },
      { type: 'text', text: { value: 'Second.' } },
    ]);
    expect(messageText({ text: 'ignored', content })).toBe('First.\n\nSecond.');
  });

  it('falls back to the message text when it has no content parts', () => {
    expect(messageText({ text: 'Plain reply.', content: null })).toBe('Plain reply.');
  });
});

describe('speakableText', () => {
  it('keeps the words of links, images and emphasis, drops code blocks, tables’ bars and bare URLs', () => {
    const markdown = [
      '## Result',
      '',
      '> Quoted *gently*.',
      '',
      '1. A __bold__ step with ![a chart](x.png)',
      '2. Visit https://example.org now',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```js',
      'console.log(1)',
      '```',
      '---',
      'Done ~~not~~ <b>really</b>.',
    ].join('\n');
    expect(speakableText(markdown)).toBe(
      'Result\nQuoted gently.\nA bold step with a chart\nVisit now\na b\n1 2\nDone not really.',
    );
  });

  it('drops an unclosed code block to the end (a reply cut short)', () => {
    expect(speakableText('Here:\n```py\nprint(1)')).toBe('Here:');
  });
});

describe('splitForSpeech', () => {
  it('keeps a text up to the engine limit whole, and an empty one as no piece', () => {
    const text = 'a'.repeat(MAX_ENGINE_INPUT);
    expect(splitForSpeech(text)).toEqual([text]);
    expect(splitForSpeech('')).toEqual([]);
  });

  it('cuts a sentence longer than a piece at a space, and a word longer than that at the limit', () => {
    const long = `${'word '.repeat(1000)}${'x'.repeat(2500)}`;
    const pieces = splitForSpeech(long);
    expect(pieces.every((piece) => piece.length <= 1000)).toBe(true);
    expect(pieces.join('').replaceAll(' ', '')).toBe(long.replaceAll(' ', ''));
  });
});
