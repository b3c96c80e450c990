import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate` writes flat `migrations/NNNN_name.sql` files (plus drizzle's `meta/`
 * snapshots, which wrangler ignores); `wrangler d1 migrations apply DB` applies them.
 * Paths are relative to the repository root, where the npm scripts run.
 *
 * Review every generated migration before committing (worker/db/README.md): a change SQLite
 * cannot ALTER makes drizzle-kit rebuild the table, which on D1 (foreign keys always on)
 * would cascade-delete child rows and drop the FTS triggers of migration 0001.
 */
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
