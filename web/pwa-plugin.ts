import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/**
 * Builds the service worker (web/src/sw/sw.ts) into `/sw.js` once the app is written, so it can
 * carry what only the finished build knows:
 * - the shell to precache: `/` (the page every app route is) and every file index.html names
 *   (entry script, preloaded chunks, stylesheet, the head scripts), hashed names and all;
 * - a version, the hash of that list: a deploy that changes any of them changes sw.js, which is
 *   how browsers notice a new version;
 * - the offline page's strings in every language that has them (`com_ui_offline_*` keys).
 * The worker is its own build (one classic script, nothing shared with the app's chunks), so it
 * runs in every browser that has service workers, module workers or not.
 */

const OFFLINE_KEYS = { title: 'com_ui_offline_title', body: 'com_ui_offline_body', retry: 'com_ui_offline_retry' };
type OfflineStrings = Record<keyof typeof OFFLINE_KEYS, string>;

/** `/assets/…` URLs in the built index.html's src and href attributes, in order. */
export function shellFiles(html: string): string[] {
  const urls = [...html.matchAll(/\s(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  return [...new Set(urls)];
}

/** The offline strings of each locale folder whose catalogues have all three. */
function offlineStrings(localesDir: string): Record<string, OfflineStrings> {
  const table: Record<string, OfflineStrings> = {};
  for (const language of readdirSync(localesDir)) {
    const folder = path.join(localesDir, language);
    const catalogue: Record<string, unknown> = {};
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')))
      Object.assign(catalogue, JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
    const entries = Object.entries(OFFLINE_KEYS).map(([field, key]) => [field, catalogue[key]] as const);
    if (entries.every(([, text]) => typeof text === 'string' && text.length > 0))
      table[language] = Object.fromEntries(entries) as OfflineStrings;
  }
  if (!table['en-US']) throw new Error(`The en-US catalogues lack ${Object.values(OFFLINE_KEYS).join(', ')}`);
  return table;
}

export function serviceWorker(webRoot: string, aliases: Record<string, string>): Plugin {
  return {
    name: 'edgechat-service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(webRoot, 'dist');
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build wrote no index.html to precache');
      const precache = ['/', ...shellFiles(String(index.source))];
      const version = createHash('sha256').update(precache.join('\n')).digest('base64url').slice(0, 12);
      const output = await build({
        configFile: false,
        root: webRoot,
        publicDir: false,
        logLevel: 'warn',
        resolve: { alias: aliases },
        define: {
          __SW_VERSION__: JSON.stringify(version),
          __SW_PRECACHE__: JSON.stringify(precache),
          __SW_OFFLINE_STRINGS__: JSON.stringify(offlineStrings(path.join(webRoot, 'src/locales'))),
        },
        build: {
          write: false,
          minify: true,
          lib: { entry: path.join(webRoot, 'src/sw/sw.ts'), formats: ['iife'], name: 'edgechatServiceWorker' },
        },
      });
      const chunks = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
      const chunk = chunks.flatMap((result) => result.output).find((file) => file.type === 'chunk');
      if (!chunk) throw new Error('The service worker build produced no script');
      writeFileSync(path.join(outDir, 'sw.js'), chunk.code);
    },
  };
}
