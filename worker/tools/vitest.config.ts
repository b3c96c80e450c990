import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node-side tests: the command-line tools and the mock OpenAI provider they start. These need
// Node's http and child_process, so they run here and not in the workerd pool of vitest.config.mts.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['worker/tools/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
