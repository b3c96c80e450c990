import { mkdir } from 'node:fs/promises';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Worker and Durable Object tests run inside workerd with the bindings of wrangler.toml
// (local D1, R2, KV, DOs). The D1 migrations are read here, in Node, and applied by the
// setup file inside the runtime (once; it skips what is applied), so every file has the real schema.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  // wrangler.toml binds the SPA's build as ASSETS, and wrangler refuses a missing directory. The
  // tests need no built SPA (they stub ASSETS where they use it), so a fresh clone gets an empty one.
  await mkdir('web/dist', { recursive: true });
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: 'test-jwt-secret',
            JWT_REFRESH_SECRET: 'test-refresh-secret',
          },
        },
      }),
    ],
    test: {
      include: ['worker/**/*.test.ts', 'durable-objects/**/*.test.ts'],
      exclude: ['worker/tools/**', 'node_modules/**'],
      setupFiles: ['./worker/test/apply-migrations.ts'],
      // One Miniflare for every file: isolated, each file would start its own (about 4 s apiece,
      // the suite 17 min instead of 4 on two cores). The files therefore share D1, R2, KV and the
      // Durable Objects, so a test never assumes an empty database: it makes its own users and ids
      // (`--sequence.shuffle.files` passes too).
      isolate: false,
      // The mock provider on loopback, for tests that call an engine over real HTTP.
      globalSetup: ['./worker/tools/mock/worker-tests-setup.ts'],
    },
  };
});
