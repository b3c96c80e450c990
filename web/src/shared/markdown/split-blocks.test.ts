import { describe, expect, it } from 'vitest';
import { splitBlocks } from './split-blocks';

describe('splitBlocks', () => {
  it('cuts before top-level blocks that follow a blank line, losing no text', () => {
    const text = '# Title\n\nFirst para\nstill first.\n\n> quote\n\n| a |\n|---|\n| 1 |\n\nLast';
    const blocks = splitBlocks(text);
    expect(blocks.join('')).toBe(text);
    expect(blocks).toEqual([
      '# Title\n\n',
      'First para\nstill first.\n\n',
      '> quote\n\n',
      '| a |\n|---|\n| 1 |\n\n',
      'Last',
    ]);
  });

  it('keeps loose lists, their indented paragraphs and indented code together', () => {
    const text = '1. one\n\n2. two\n\n   more of two\n\n- a\n\n      code in a\n\n* b';
    expect(splitBlocks(text)).toEqual([text]);
  });

  it('does not cut inside code fences or $$ math, even an unclosed one', () => {
    const fenced = 'Intro\n\n```py\na = 1\n\nb = 2\n```\n\nAfter';
    expect(splitBlocks(fenced)).toEqual(['Intro\n\n', '```py\na = 1\n\nb = 2\n```\n\n', 'After']);
    expect(splitBlocks('$$\na\n\nb\n$$')).toEqual(['$$\na\n\nb\n$$']);
    expect(splitBlocks('~~~\nx\n\ny')).toEqual(['~~~\nx\n\ny']);
    // Indented 4+ columns past its opening, a fence line is code, not the end of the block.
    const nested = '```md\n    ```\nmore\n\nPara\n```\n\nAfter';
    expect(splitBlocks(nested)).toEqual(['```md\n    ```\nmore\n\nPara\n```\n\n', 'After']);
  });

  it('keeps a message with reference links or footnotes whole', () => {
    const text = 'See [docs][d] and a note[^1].\n\nMore.\n\n[d]: https://example.com\n[^1]: The note.';
    expect(splitBlocks(text)).toEqual([text]);
  });

  it('keeps earlier cuts in place as a streamed reply grows', () => {
    const full = 'Para one.\n\nPara two.\n\n```js\nconst a = 1;\n```\n\nEnd.';
    const finalBlocks = splitBlocks(full);
    for (let length = 1; length <= full.length; length++) {
      const blocks = splitBlocks(full.slice(0, length));
      expect(blocks.slice(0, -1)).toEqual(finalBlocks.slice(0, blocks.length - 1));
    }
    expect(splitBlocks('')).toEqual(['']);
  });
});
