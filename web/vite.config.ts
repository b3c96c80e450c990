import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { WEB_MANIFEST_PATH } from '../worker/contract/pwa';
import { staticAssetHeadersFile } from '../worker/services/security/policy';
import { headScripts } from './head-scripts-plugin.ts';
import { serviceWorker } from './pwa-plugin.ts';
import { routePreloads } from './route-preloads-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Everything the Worker answers itself (API, OAuth callbacks, server-rendered share pages,
// health). In dev the SPA runs on Vite and `wrangler dev` on 8787, so one origin is kept by
// proxying; the refreshToken cookie stays SameSite=Strict.
const WORKER_ORIGIN = 'http://127.0.0.1:8787';
const workerPaths = ['/api', '/oauth', '/share', '/health', WEB_MANIFEST_PATH];

/**
 * Writes the assets layer's `_headers` file from the Worker's header policy, so the hashed
 * bundles it serves without the Worker carry the same headers (see worker/routes/spa.ts).
 */
const securityHeadersFile: Plugin = {
  name: 'edgechat-security-headers',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '_headers', source: staticAssetHeadersFile() });
  },
};

const aliases = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@contract/': fileURLToPath(new URL('../worker/contract/', import.meta.url)),
};

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    securityHeadersFile,
    headScripts(webRoot),
    routePreloads(webRoot),
    serviceWorker(webRoot, aliases),
  ],
  resolve: { alias: aliases },
  server: {
    // worker/contract lives outside the Vite root.
    fs: { allow: [repoRoot] },
    proxy: Object.fromEntries(workerPaths.map((path) => [path, { target: WORKER_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are split by the router's lazy routes; keep the budget visible in build output.
    reportCompressedSize: true,
    // The polyfill only makes Firefox < 115 and Safari < 17 fetch the entry's imports early
    // (they load them on import anyway); every other browser downloads and runs it for nothing.
    modulePreload: { polyfill: false },
    // Zod schema factories build values and nothing else: a schema the web never uses (the
    // contract modules define the worker's request schemas beside the constants the web reads)
    // is dropped from the bundle instead of being built on every page load.
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      // The lazy routes share many small modules, and automatic splitting gives each set of
      // sharers its own chunk: the chat screen came in 53 files. Every file is one more request
      // (a service-worker fetch event and a cache read on a return visit), and on a slow machine
      // those queue: opening a long conversation took 40-60 ms longer with them. Common
      // chunks under this size are copied into the chunks that import them instead; rolldown's
      // runtime keeps one instance of each copied module (one state, one evaluation), so
      // copies cannot diverge. Measured: /c/new loads 20 files, about 10 KB more gzip (the
      // module wrappers this needs), within the 300 KB budget.
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 40 * 1024 } } },
    },
  },
});
