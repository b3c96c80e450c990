import { SEARCH_MARK_END, SEARCH_MARK_START } from '@contract/search-marks';

/** A run of snippet text, and whether it is one of the matched terms. */
export type SnippetPart = { text: string; marked: boolean };

/**
 * Splits a server snippet at its match markers (STX before a matched term, ETX after) into
 * runs the page renders as text and <mark> elements, so the message text is never parsed as
 * HTML. A marker left unclosed (the snippet cut mid-term) marks to the end; a stray end marker
 * is dropped; empty runs are left out.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  let run = '';
  const flush = () => {
    if (run !== '') parts.push({ text: run, marked });
    run = '';
  };
  for (const char of snippet) {
    if (char === SEARCH_MARK_START || char === SEARCH_MARK_END) {
      flush();
      marked = char === SEARCH_MARK_START;
    } else {
      run += char;
    }
  }
  flush();
  return parts;
}
