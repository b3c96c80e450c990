import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The classic scripts index.html runs in <head>, before the app (web/src/head): the theme before
 * the first paint, and the early session restore. They must block parsing, so they cannot be
 * modules, and Vite bundles only modules. This plugin gives them what the bundles have: in the
 * build each is written to `assets/` under a name carrying a hash of its content, and the page
 * names that file. The assets layer then caches them for a year like the bundles, so a returning
 * visit runs them from the cache without a round trip, and the session restore starts sooner.
 * In development Vite serves them from web/src/head as they are.
 */
export function headScripts(webRoot: string): Plugin {
  const emitted = new Map<string, { fileName: string; source: string }>();
  return {
    name: 'edgechat-head-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        return html.replace(/<script src="(\/src\/head\/[\w-]+\.js)"><\/script>/g, (_tag, src: string) => {
          const source = readFileSync(path.join(webRoot, src), 'utf8');
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
          const fileName = `assets/${path.basename(src, '.js')}-${hash}.js`;
          emitted.set(src, { fileName, source });
          return `<script vite-ignore src="/${fileName}"></script>`;
        });
      },
    },
    generateBundle() {
      for (const { fileName, source } of emitted.values()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
