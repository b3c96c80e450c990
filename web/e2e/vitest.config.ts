import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests: the app started the way `npm start` starts it (wrangler dev on loopback, with
// a mock OpenAI-compatible provider), driven by Chromium through playwright-core.
// `npm run test:e2e` builds the SPA first; the global setup starts the servers once for all files.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['web/e2e/**/*.e2e.ts'],
    globalSetup: ['web/e2e/global-setup.ts'],
    // One app, one browser at a time: specs share the server's state.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
