import { describe, expect, it } from 'vitest';
import { estimateMessageRowPx, estimateRowPx } from './row-estimate';

describe('estimateRowPx', () => {
  it('gives a one-line question its chrome and a line', () => {
    expect(estimateRowPx('How would you implement a rate limiter?', true)).toBe(80);
  });

  it('grows with wrapped lines, markdown blocks and code', () => {
    const paragraph = 'word '.repeat(40).trim();
    const reply = [paragraph, '', '- one', '- two', '', '```ts', 'const a = 1;', 'const b = 2;', '```'].join('\n');
    // 52 chrome + 3 wrapped lines + 2 gaps + 2 list lines + code header + 2 code lines.
    expect(estimateRowPx(reply, false)).toBe(52 + 3 * 28 + 2 * 16 + 2 * 28 + 56 + 2 * 20);
  });

  it('keeps an empty reply (a tool call, a reply starting) about one line tall', () => {
    expect(estimateRowPx('   ', false)).toBe(80);
  });

  it('estimates a message once per object, and a replaced message (a streamed token) afresh', () => {
    const message = { text: 'Hello', isCreatedByUser: false };
    expect(estimateMessageRowPx(message)).toBe(80);
    const grown = { ...message, text: 'Hello\n\n' + 'word '.repeat(40) };
    expect(estimateMessageRowPx(grown)).toBe(estimateRowPx(grown.text, false));
    expect(estimateMessageRowPx(grown)).toBeGreaterThan(80);
  });
});
