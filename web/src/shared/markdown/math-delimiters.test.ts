import { describe, expect, it } from 'vitest';
import { normaliseMathDelimiters } from './math-delimiters';
import { splitCode } from './split-code';

describe('normaliseMathDelimiters', () => {
  it('turns \\( \\) into inline $ math', () => {
    expect(normaliseMathDelimiters('Euler: \\(e^{i\\pi} + 1 = 0\\).')).toBe('Euler: $e^{i\\pi} + 1 = 0$.');
  });

  it('turns a \\[ \\] on its own lines into a $$ block, keeping a list item open', () => {
    expect(normaliseMathDelimiters('Area:\n\\[\n  \\pi r^2\n\\]\nend')).toBe('Area:\n$$\n\\pi r^2\n$$\nend');
    expect(normaliseMathDelimiters('1. item\n   \\[ x^2 \\]\n2. next')).toBe('1. item\n   $$\n   x^2\n   $$\n2. next');
  });

  it('turns $$…$$ written alone on its line(s) into a $$ block, and leaves it inline in a sentence', () => {
    expect(normaliseMathDelimiters('Area:\n\n$$x^2$$\n\nend')).toBe('Area:\n\n$$\nx^2\n$$\n\nend');
    expect(normaliseMathDelimiters('$$a +\n b$$')).toBe('$$\na +\nb\n$$');
    expect(normaliseMathDelimiters('1. item\n   $$ x $$\n2. next')).toBe('1. item\n   $$\n   x\n   $$\n2. next');
    expect(normaliseMathDelimiters('so $$x$$ holds')).toBe('so $$x$$ holds');
    expect(normaliseMathDelimiters('$$a$$ and $$b$$')).toBe('$$a$$ and $$b$$');
    expect(normaliseMathDelimiters('$$\nx\n$$')).toBe('$$\nx\n$$');
  });

  it('leaves escaped brackets and parentheses in a link’s text alone, converting math elsewhere on the line', () => {
    const citations = 'Fact [\\[1\\]](https://a.example)[\\[2\\]](<https://b.example> "B") and \\[x\\].';
    expect(normaliseMathDelimiters(citations)).toBe(
      'Fact [\\[1\\]](https://a.example)[\\[2\\]](<https://b.example> "B") and $$x$$.',
    );
    const inText = '[see \\[3\\] and \\(4\\)](https://c.example) or [\\[5\\]][ref]';
    expect(normaliseMathDelimiters(inText)).toBe(inText);
    // Brackets closed before the formula, or never closed as a link: math.
    expect(normaliseMathDelimiters('[1, 2] \\[x\\] and [a \\(y\\) b')).toBe('[1, 2] $$x$$ and [a $y$ b');
  });

  it('keeps a \\[ \\] inside a sentence inline', () => {
    expect(normaliseMathDelimiters('so \\[x\\] holds')).toBe('so $$x$$ holds');
  });

  it('leaves fenced code, tilde fences and inline code exactly as written', () => {
    const text = 'Use `\\(x\\)` here.\n```latex\n\\(a\\) \\[b\\] $5\n```\n~~~\n\\(c\\)\n~~~\nbut \\(d\\)';
    expect(normaliseMathDelimiters(text)).toBe(
      'Use `\\(x\\)` here.\n```latex\n\\(a\\) \\[b\\] $5\n```\n~~~\n\\(c\\)\n~~~\nbut $d$',
    );
  });

  it('leaves an unclosed fence (a reply still streaming) untouched to the end', () => {
    expect(normaliseMathDelimiters('\\(a\\)\n```tex\n\\(b\\)')).toBe('$a$\n```tex\n\\(b\\)');
  });

  it('escapes dollar amounts so they do not pair up as math, but keeps $…$ math', () => {
    expect(normaliseMathDelimiters('from $5 to $1,000.50, and $x$ or $2x$ or $1$')).toBe(
      'from \\$5 to \\$1,000.50, and $x$ or $2x$ or $1$',
    );
  });

  it('does not touch escaped delimiters', () => {
    expect(normaliseMathDelimiters('a \\\\(b\\\\) and \\$5')).toBe('a \\\\(b\\\\) and \\$5');
  });
});

describe('splitCode', () => {
  it('joins back to the exact input and marks code spans and fences', () => {
    const text = 'a `b` c\n  ```js\nx\n  ```\nd ``e`f`` g `h\n\ni` end';
    const segments = splitCode(text);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments.filter((segment) => segment.code).map((segment) => segment.text)).toEqual([
      '`b`',
      '  ```js\nx\n  ```\n',
      '``e`f``',
    ]);
  });
});
