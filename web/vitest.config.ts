import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Same aliases and plugins as the app build; tests run in jsdom. Paths are relative to the
// Vite root (web/), so `src/**` here is `web/src/**` from the repository root.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // A test's first render of a lazy route imports and transforms its code: seconds on a busy machine.
      testTimeout: 15_000,
      unstubGlobals: true,
    },
  }),
);
