import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = DrizzleD1Database<typeof schema>;

/**
 * Building a client walks the whole schema for its relations (drizzle's relational config), a
 * cost worth paying once per binding rather than on every query of every request. A binding
 * is an object for the isolate's life; a metered one (LOG_RESOURCE_USAGE) is per request.
 */
const clients = new WeakMap<D1Database, Db>();

/** The drizzle client over a D1 binding. */
export function db(env: { DB: D1Database }): Db {
  let client = clients.get(env.DB);
  if (!client) {
    client = drizzle(env.DB, { schema });
    clients.set(env.DB, client);
  }
  return client;
}
