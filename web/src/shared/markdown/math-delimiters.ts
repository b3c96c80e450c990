import { splitCode } from './split-code';

/**
 * Models write LaTeX with \( \) and \[ \] delimiters, which markdown does not know; remark-math
 * reads $ and $$. This rewrites the former into the latter, and keeps prices such as "$5 and
 * $10" from pairing up as inline math. Code blocks and code spans are left exactly as written.
 */
export function normaliseMathDelimiters(markdown: string): string {
  // Most messages contain neither; skip the split entirely for them.
  if (!markdown.includes('$') && !markdown.includes('\\(') && !markdown.includes('\\[')) return markdown;
  return splitCode(markdown)
    .map((segment) => (segment.code ? segment.text : rewriteProse(segment.text)))
    .join('');
}

/**
 * A `$` before a number that reads as an amount: digits (with , or .) followed by anything but
 * a letter, digit, `$`, or TeX syntax. `$2x$`, `$1$` and `$10^3$` stay math; `$5`, `$5.99,`
 * and `$1,000 ` become literal. Already escaped `\$` and `$$` are left alone.
 */
const CURRENCY_DOLLAR = /(?<![\\$])\$(?=\d[\d,.]*(?![\w$^_{}\\.,]))/g;
/** \[ … \] not preceded by a backslash (`\\[` is a TeX line break followed by a bracket). */
const DISPLAY_MATH = /(?<!\\)\\\[([\s\S]+?)\\\]/g;
const INLINE_MATH = /(?<!\\)\\\(([\s\S]+?)\\\)/g;
/**
 * The rest of a link's text on the line, then the `](` or `][` that ends it. In a link's text
 * `\[1\]` is markdown's escaped brackets (citations are written `[\[1\]](url)`), not math: as a
 * formula it would put KaTeX inside the link and show the citation as a bare number.
 */
const ENDS_LINK_TEXT = /^[^[\]\n]*\][([]/;
/** Escaped brackets are text, not the brackets of a link. */
const ESCAPED_BRACKET = /\\[[\]]/g;

/** Whether the delimiter pair `whole` at `offset` of `source` is inside a link's text. */
function inLinkText(whole: string, offset: number, source: string): boolean {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = source.indexOf('\n', offset + whole.length);
  const before = source.slice(lineStart, offset).replace(ESCAPED_BRACKET, '');
  const after = source.slice(offset + whole.length, lineEnd === -1 ? undefined : lineEnd).replace(ESCAPED_BRACKET, '');
  return before.lastIndexOf('[') > before.lastIndexOf(']') && ENDS_LINK_TEXT.test(after);
}

/**
 * `$$ … $$` written with both fences on content lines and nothing else on them (`$$x^2$$` alone
 * on a line): remark-math reads that as inline math, so it would be drawn small and in the text
 * flow. The body may run over several lines but not contain `$$` or a blank line.
 */
const ONE_LINE_DISPLAY_MATH = /^([ \t]*)\$\$(?![ \t]*$)((?:(?!\$\$|\n[ \t]*\n)[\s\S])+)\$\$[ \t]*$/gm;

function rewriteProse(text: string): string {
  return text
    .replace(CURRENCY_DOLLAR, '\\$')
    .replace(
      ONE_LINE_DISPLAY_MATH,
      (_whole: string, indent: string, body: string) => indent + displayBlock(indent, body),
    )
    .replace(DISPLAY_MATH, (whole: string, body: string, offset: number, source: string) => {
      if (inLinkText(whole, offset, source)) return whole;
      const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
      const indent = source.slice(lineStart, offset);
      const lineEnd = source.indexOf('\n', offset + whole.length);
      const after = source.slice(offset + whole.length, lineEnd === -1 ? undefined : lineEnd);
      // Alone on its line(s): a display block; otherwise inline math.
      if (/^[ \t]*$/.test(indent) && /^[ \t]*$/.test(after)) return displayBlock(indent, body);
      return `$$${body}$$`;
    })
    .replace(INLINE_MATH, (whole: string, body: string, offset: number, source: string) =>
      inLinkText(whole, offset, source) ? whole : `$${body}$`,
    );
}

/**
 * A display math block as remark-math reads one: the `$$` fences on their own lines (a `$$ x $$`
 * line is inline math), every line after the first keeping `indent` so a list item stays open.
 * The first line's indentation is the caller's, already in the text before the block.
 */
function displayBlock(indent: string, body: string): string {
  const lines = body
    .trim()
    .split('\n')
    .map((line) => indent + line.trim());
  return `$$\n${lines.join('\n')}\n${indent}$$`;
}
