import type { HLJSApi } from 'highlight.js';
import { GRAMMAR_DEPENDENCIES, GRAMMAR_LOADERS, type GrammarName } from './languages';

/*
 * highlight.js core and its grammars, fetched on first need and shared by every code block.
 * A tiny external store: code blocks subscribe, and re-render once their grammar is ready.
 */

let core: HLJSApi | null = null;
let corePromise: Promise<HLJSApi> | null = null;
const pending = new Map<GrammarName, Promise<void>>();
const listeners = new Set<() => void>();

export function subscribeToGrammars(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isGrammarReady(name: GrammarName): boolean {
  return core?.getLanguage(name) !== undefined;
}

function loadCore(): Promise<HLJSApi> {
  corePromise ??= import('highlight.js/lib/core').then(({ default: hljs }) => (core = hljs));
  return corePromise;
}

/** Registers a grammar (and what it embeds) once; a failed fetch may be retried later. */
export function loadGrammar(name: GrammarName): Promise<void> {
  let promise = pending.get(name);
  if (!promise) {
    const names = [name, ...(GRAMMAR_DEPENDENCIES[name] ?? [])];
    promise = Promise.all([loadCore(), ...names.map((each) => GRAMMAR_LOADERS[each]())])
      .then(([hljs, ...grammars]) => {
        grammars.forEach((grammar, index) => {
          const grammarName = names[index];
          if (grammarName && !hljs.getLanguage(grammarName)) hljs.registerLanguage(grammarName, grammar.default);
        });
        listeners.forEach((listener) => listener());
      })
      .catch(() => {
        // Offline or a stale deployment: the code stays readable, just plain.
        pending.delete(name);
        corePromise = core ? corePromise : null;
      });
    pending.set(name, promise);
  }
  return promise;
}

/**
 * highlight.js's HTML for the code (its text HTML-escaped, tokens as `<span class>`), or null
 * while the grammar is not loaded.
 */
export function highlightToHtml(code: string, name: GrammarName): string | null {
  if (!core || !isGrammarReady(name)) return null;
  try {
    return core.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    // A grammar bug must not take the message down; plain code is still correct.
    return null;
  }
}
