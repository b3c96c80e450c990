import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = DrizzleD1Database<typeof schema>;

/** A drizzle client over the request's D1 binding; cheap to create, so create one per request. */
export function db(env: { DB: D1Database }): Db {
  return drizzle(env.DB, { schema });
}
