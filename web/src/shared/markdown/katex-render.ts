import DOMPurify from 'dompurify';
import katex, { type KatexOptions } from 'katex';
// KaTeX's stylesheet travels with this chunk, so only conversations with math fetch it (its
// fonts are fetched by the browser only for glyphs actually drawn).
import 'katex/dist/katex.min.css';

/**
 * Math in messages is untrusted input: `trust: false` refuses \href, \url, \includegraphics
 * and \html… commands; the size and expansion caps stop a formula drawing a page-sized box or
 * looping on macros; errors are drawn in place (red source) rather than thrown.
 */
const KATEX_OPTIONS: KatexOptions = {
  trust: false,
  strict: 'ignore',
  throwOnError: false,
  maxSize: 20,
  maxExpand: 1000,
  output: 'htmlAndMathml',
};

/**
 * KaTeX builds its markup with escaping of its own; DOMPurify re-checks it anyway, so nothing
 * from a message reaches innerHTML unsanitised. KaTeX's MathML (for screen readers) keeps its
 * <semantics>/<annotation> wrapper, which DOMPurify drops by default.
 */
const PURIFY_OPTIONS = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  ADD_TAGS: ['semantics', 'annotation'],
  ADD_ATTR: ['encoding'],
};

/**
 * Formulas drawn recently, so one that mounts again (a virtualised list scrolling back, a
 * repeated symbol) skips KaTeX and DOMPurify, which cost about a millisecond per formula.
 */
const CACHE_MAX_ENTRIES = 500;
const cache = new Map<string, string | null>();

/** Sanitised KaTeX HTML for a formula, or null if KaTeX could not draw it at all. */
export function renderMath(tex: string, display: boolean): string | null {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    // Re-insert to keep the Map in least-recently-used order.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const html = typeset(tex, display);
  cache.set(key, html);
  if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value ?? key);
  return html;
}

function typeset(tex: string, display: boolean): string | null {
  try {
    return DOMPurify.sanitize(katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display }), PURIFY_OPTIONS);
  } catch {
    return null;
  }
}
