/*
 * The markers of a search snippet, kept apart from the search schemas so the page that draws
 * snippets does not load zod for two characters.
 */

/**
 * Snippet markers around each matched term: STX (U+0002) before, ETX (U+0003) after. Chat text
 * never contains them, so the client splits on them and renders the highlight as elements; the
 * text around them is the user's own content and is never HTML.
 */
export const SEARCH_MARK_START = '\u0002';
export const SEARCH_MARK_END = '\u0003';
