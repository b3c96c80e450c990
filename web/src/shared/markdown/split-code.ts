/**
 * Splits markdown into prose and code, so text rewrites (math delimiters, currency) never
 * touch what the user will copy out of a code block or an inline code span.
 *
 * Deliberately errs towards "code": a fence line is recognised at any indentation and inside
 * blockquotes (models indent fences inside list items), and an unclosed fence runs to the end,
 * as CommonMark renders it while a reply is still streaming.
 */
export interface Segment {
  text: string;
  code: boolean;
}

/** An opening or closing fence line: optional blockquote markers, then ``` or ~~~. */
const FENCE_LINE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})(.*)$/;
/** A blank line ends a paragraph, so an inline code span cannot reach past it. */
const PARAGRAPH_BREAK = /\n[ \t]*\n/;

export function splitCode(markdown: string): Segment[] {
  const segments: Segment[] = [];
  const push = (text: string, code: boolean) => {
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last && last.code === code) last.text += text;
    else segments.push({ text, code });
  };

  let prose = '';
  let fence: { char: string; length: number } | null = null;
  let block = '';
  // Keeps each line's own ending so the segments join back to the exact input.
  for (const line of markdown.split(/(?<=\n)/)) {
    const match = FENCE_LINE.exec(line.replace(/\r?\n$/, ''));
    if (!fence) {
      const run = match?.[1];
      // A backtick fence's info string cannot contain backticks (that is an inline span).
      if (run && !(run.startsWith('`') && match[2]?.includes('`'))) {
        splitInlineCode(prose, push);
        prose = '';
        fence = { char: run.charAt(0), length: run.length };
        block = line;
      } else {
        prose += line;
      }
      continue;
    }
    block += line;
    const run = match?.[1];
    if (run && run.charAt(0) === fence.char && run.length >= fence.length && !match[2]?.trim()) {
      push(block, true);
      block = '';
      fence = null;
    }
  }
  if (fence) push(block, true);
  splitInlineCode(prose, push);
  return segments;
}

/** Finds `code spans`: a run of n backticks closed by the next run of exactly n. */
function splitInlineCode(text: string, push: (text: string, code: boolean) => void) {
  const opener = /`+/g;
  let proseStart = 0;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(text))) {
    const start = match.index;
    const length = match[0].length;
    const rest = text.slice(start + length);
    const paragraphEnd = rest.search(PARAGRAPH_BREAK);
    const searchable = paragraphEnd === -1 ? rest : rest.slice(0, paragraphEnd);
    const closer = new RegExp(`(?<!\`)\`{${length}}(?!\`)`).exec(searchable);
    if (!closer) continue; // An unmatched run is literal text.
    const end = start + length + closer.index + length;
    push(text.slice(proseStart, start), false);
    push(text.slice(start, end), true);
    proseStart = end;
    opener.lastIndex = end;
  }
  push(text.slice(proseStart), false);
}
