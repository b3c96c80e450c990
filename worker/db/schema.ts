/**
 * The relational schema of the product (D1 / SQLite), one file per area under `schema/`.
 * drizzle-kit reads this file (worker/db/drizzle.config.ts) to generate migrations; what
 * drizzle cannot express (the FTS5 search index, its triggers, tag counts, role defaults)
 * lives in the custom migration 0001. Conventions: schema/columns.ts and README.md.
 */
export * from './schema/columns';
export * from './schema/users';
export * from './schema/conversations';
export * from './schema/messages';
export * from './schema/files';
export * from './schema/presets';
export * from './schema/prompts';
export * from './schema/agents';
export * from './schema/billing';
export * from './schema/system';
export * from './schema/relations';
