import { getTableColumns, type SQLWrapper, type Table } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { SqlQuery } from './paging';

/*
 * Statements rendered by drizzle's dialect and batched on D1 itself. drizzle's own batch cannot
 * carry raw statements with parameters (its raw query has no prepared statement to bind), so a
 * batch that mixes raw SQL with the query builder's statements is sent this way, and its rows
 * come back as D1 returns them.
 */

const dialect = new SQLiteAsyncDialect();

/** A query (raw `sql` or a builder's statement) as SQL text and parameters. */
export function sqlQueryOf(query: SQLWrapper): SqlQuery {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return { sql: text, params: params as SqlQuery['params'] };
}

/** A query prepared on `d1`, for a batch. */
export function prepareSql(d1: D1Database, query: SQLWrapper): D1PreparedStatement {
  const { sql: text, params } = sqlQueryOf(query);
  return d1.prepare(text).bind(...params);
}

/** A raw `SELECT *` row of `table` decoded as drizzle decodes it (booleans, JSON). */
export function decodeRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
