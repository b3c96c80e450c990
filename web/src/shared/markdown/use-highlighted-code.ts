import { type ReactNode, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { highlightToHtml, isGrammarReady, loadGrammar, subscribeToGrammars } from './highlighter';
import { highlightToReact } from './highlight-to-react';
import { grammarFor } from './languages';

/**
 * The code as highlighted tokens, or null while (or because) there is no grammar for it: the
 * caller shows plain code meanwhile, so text is never held back by a chunk download. Once a
 * grammar is loaded, blocks that mount later highlight in their first render, without a flash.
 */
export function useHighlightedCode(code: string, language: string | undefined): ReactNode[] | null {
  const grammar = grammarFor(language);
  const getReady = useCallback(() => (grammar ? isGrammarReady(grammar) : false), [grammar]);
  const ready = useSyncExternalStore(subscribeToGrammars, getReady);

  useEffect(() => {
    if (grammar && !ready) void loadGrammar(grammar);
  }, [grammar, ready]);

  return useMemo(() => {
    if (!grammar || !ready) return null;
    const html = highlightToHtml(code, grammar);
    return html === null ? null : highlightToReact(html);
  }, [code, grammar, ready]);
}
