import { describe, expect, it } from 'vitest';
import { multiRowInserts, type SqlValue } from './local-d1';

/** Expands `?n` references back into each row's values, as SQLite would bind them. */
function boundRows(statement: { sql: string; params: SqlValue[] }): SqlValue[][] {
  const values = statement.sql.slice(statement.sql.indexOf(' VALUES ') + ' VALUES '.length);
  return [...values.matchAll(/\(([^)]*)\)/g)].map((tuple) =>
    (tuple[1] ?? '').split(', ').map((ref) => statement.params[Number(ref.slice(1)) - 1] ?? null),
  );
}

describe('multiRowInserts', () => {
  const rows: SqlValue[][] = Array.from({ length: 500 }, (_, i) => [
    `id-${i}`,
    `owner-${i % 2}`,
    i % 7 === 0 ? null : `text ${i}`,
    i,
  ]);

  it('keeps every statement within D1’s 100 bound parameters and loses no row', () => {
    const statements = multiRowInserts('t', ['a', 'b', 'c', 'd'], rows);
    for (const statement of statements) expect(statement.params.length).toBeLessThanOrEqual(100);
    expect(statements.flatMap(boundRows)).toEqual(rows);
    expect(statements.reduce((sum, s) => sum + s.rows, 0)).toBe(rows.length);
  });

  it('binds a value repeated within a statement once, so more rows fit than columns × rows ≤ 100', () => {
    const statements = multiRowInserts('t', ['a', 'b', 'c', 'd'], rows);
    const first = statements[0];
    expect(first?.params.filter((p) => p === 'owner-0')).toHaveLength(1);
    expect(first?.rows).toBeGreaterThan(25);
    expect(first?.sql.startsWith('INSERT INTO t (a, b, c, d) VALUES (?1, ?2, ?3, ?4), ')).toBe(true);
  });

  it('rejects rows that do not match the columns', () => {
    expect(() => multiRowInserts('t', ['a', 'b'], [['x']])).toThrow(/1 values for 2 columns/);
  });
});
