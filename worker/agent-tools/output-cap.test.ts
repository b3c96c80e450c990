import { describe, expect, it } from 'vitest';
import { capToolOutput, outputCutNote, recapToolOutput, TOOL_OUTPUT_MAX_BYTES } from './output-cap';

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

describe('capToolOutput', () => {
  it('leaves an output that fits untouched', () => {
    expect(capToolOutput('hello', 5)).toBe('hello');
    expect(capToolOutput('', 0)).toBe('');
  });

  it('cuts ASCII at the limit and says how much was shown of how much', () => {
    expect(capToolOutput('abcdefghij', 4)).toBe('abcd\n\n[Tool output cut: showing the first 4 of 10 bytes.]');
  });

  it('never cuts a character in half: the cut backs off to the previous boundary', () => {
    // "é" is 2 bytes, "€" 3 and "😀" 4: a 6-byte limit falls inside "😀" (bytes 5..8).
    const text = 'aé€😀z';
    expect(bytesOf(text)).toBe(11);
    expect(capToolOutput(text, 6)).toBe(`aé€\n\n${outputCutNote(6, 11)}`);
    expect(capToolOutput(text, 7)).toBe(`aé€\n\n${outputCutNote(6, 11)}`);
    expect(capToolOutput(text, 10)).toBe(`aé€😀\n\n${outputCutNote(10, 11)}`);
    expect(capToolOutput(text, 2)).toBe(`a\n\n${outputCutNote(1, 11)}`);
  });

  it('caps at 32 KiB by default, the note naming the full size', () => {
    const big = 'x'.repeat(100_000);
    const capped = capToolOutput(big);
    expect(TOOL_OUTPUT_MAX_BYTES).toBe(32_768);
    expect(capped.startsWith('x'.repeat(32_768) + '\n\n')).toBe(true);
    expect(capped.endsWith('[Tool output cut: showing the first 32768 of 100000 bytes.]')).toBe(true);
  });
});

describe('recapToolOutput', () => {
  it('cuts a whole output like capToolOutput', () => {
    expect(recapToolOutput('abcdefghij', 4)).toBe(capToolOutput('abcdefghij', 4));
    expect(recapToolOutput('abc', 4)).toBe('abc');
  });

  it('cuts an output already cut again, keeping one note with the size the tool answered', () => {
    const once = capToolOutput('x'.repeat(100), 40);
    expect(recapToolOutput(once, 10)).toBe(`${'x'.repeat(10)}\n\n${outputCutNote(10, 100)}`);
    expect(recapToolOutput(once, 0)).toBe(`\n\n${outputCutNote(0, 100)}`);
    // Its text fits: the output stays as it was, note included.
    expect(recapToolOutput(once, 40)).toBe(once);
  });
});
