import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_PRELOADS_PATH, type RoutePreloads } from '../worker/contract/route-preloads';

/**
 * The lazy modules the chat screen's route renders through (web/src/app/router.tsx): the
 * signed-in layout and the chat route. Their chunks and everything those import statically are
 * what /c/… waits for.
 */
const CHAT_ROUTE_MODULES = ['src/app/layouts/protected-layout.tsx', 'src/app/routes/chat.tsx'];

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const isChunk = (output: OutputBundle[string] | undefined): output is OutputChunk => output?.type === 'chunk';

/** `starts` and every chunk they import statically, transitively. */
function staticClosure(bundle: OutputBundle, starts: readonly OutputChunk[]): Set<string> {
  const seen = new Set<string>();
  const pending = starts.map((chunk) => chunk.fileName);
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (isChunk(chunk)) pending.push(...chunk.imports);
  }
  return seen;
}

/** A language's catalogue file (web/src/locales/<language>/<name>.json), as its chunk's module id names it. */
const CATALOGUE_MODULE = /\/src\/locales\/([\w-]+)\/[\w-]+\.json(\?|$)/;

/**
 * The chat page's chunks that the entry does not already load, route modules first, and the
 * string catalogues the page's code fetches per language (lib/i18n/add-catalogue), the entry's
 * and the chat route's: the page asks for those only once that code has run.
 */
export function chatRouteChunks(bundle: OutputBundle, webRoot: string): RoutePreloads {
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const routeModules = new Set(CHAT_ROUTE_MODULES.map((file) => path.join(webRoot, file)));
  const routes = chunks.filter((chunk) => chunk.facadeModuleId !== null && routeModules.has(chunk.facadeModuleId));
  if (routes.length !== CHAT_ROUTE_MODULES.length) {
    throw new Error(
      `route-preloads: expected a chunk for each of ${CHAT_ROUTE_MODULES.join(', ')}, found ${routes.length}. ` +
        'Did a route module move (update CHAT_ROUTE_MODULES and web/src/app/router.tsx together)?',
    );
  }
  const loadedByEntry = staticClosure(bundle, entry);
  const page = staticClosure(bundle, routes);
  const catalogues: Record<string, string[]> = {};
  for (const fileName of new Set([...loadedByEntry, ...page])) {
    const chunk = bundle[fileName];
    if (!isChunk(chunk)) continue;
    for (const imported of chunk.dynamicImports) {
      const language = CATALOGUE_MODULE.exec((bundle[imported] as OutputChunk | undefined)?.facadeModuleId ?? '')?.[1];
      if (language && !catalogues[language]?.includes(`/${imported}`))
        (catalogues[language] ??= []).push(`/${imported}`);
    }
  }
  return {
    chat: [...page].filter((fileName) => !loadedByEntry.has(fileName)).map((fileName) => `/${fileName}`),
    catalogues,
  };
}

/** Writes ROUTE_PRELOADS_PATH from the finished bundle (see worker/contract/route-preloads.ts). */
export function routePreloads(webRoot: string): Plugin {
  return {
    name: 'edgechat-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_PATH.slice(1),
        source: JSON.stringify(chatRouteChunks(bundle, webRoot)),
      });
    },
  };
}
