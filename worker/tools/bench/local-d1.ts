/**
 * A fresh, migrated local D1 for the D1 benches, reached through wrangler's platform proxy
 * (the same path for every D1 bench): `wrangler d1 migrations apply --local` into a
 * temporary directory, so every run starts empty and nothing is cached between runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { REPO_ROOT, localBin } from '../lib/paths';
import { runProcess } from '../lib/process';

/** D1 refuses a statement with more bound parameters than this. */
export const D1_MAX_BOUND_PARAMETERS = 100;

export async function withMigratedLocalD1<T>(run: (db: D1Database) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-d1-'));
  try {
    await runProcess(
      process.execPath,
      [localBin('wrangler'), 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir],
      {
        label: 'wrangler d1 migrations apply',
        cwd: REPO_ROOT,
        stdio: 'pipe',
        env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
      },
    );
    // `--persist-to <dir>` keeps D1 under <dir>/v3; the platform proxy is pointed at that.
    const proxy = await getPlatformProxy<{ DB: D1Database }>({
      configPath: path.join(REPO_ROOT, 'wrangler.toml'),
      persist: { path: path.join(dir, 'v3') },
    });
    try {
      return await run(proxy.env.DB);
    } finally {
      await proxy.dispose();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type SqlValue = string | number | null;

export interface MultiRowInsert {
  sql: string;
  params: SqlValue[];
  rows: number;
}

/**
 * Multi-row `INSERT … VALUES (…), (…)` statements for `rows`, as many rows per statement as
 * D1's parameter limit allows. A value repeated within a statement (the owner, the
 * conversation, the endpoint, a parent id that is the previous row's id) is bound once and
 * referenced by number (`?n`), so a statement carries far more rows than columns × rows ≤ 100
 * would give.
 */
export function multiRowInserts(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  maxParams = D1_MAX_BOUND_PARAMETERS,
): MultiRowInsert[] {
  if (columns.length > maxParams)
    throw new Error(`${table}: ${columns.length} columns cannot fit in ${maxParams} parameters.`);
  const statements: MultiRowInsert[] = [];
  let params: SqlValue[] = [];
  let numbers = new Map<SqlValue, number>();
  let tuples: string[] = [];
  const flush = () => {
    if (tuples.length === 0) return;
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`,
      params,
      rows: tuples.length,
    });
    params = [];
    numbers = new Map();
    tuples = [];
  };
  for (const row of rows) {
    if (row.length !== columns.length)
      throw new Error(`${table}: a row has ${row.length} values for ${columns.length} columns.`);
    // Worst case every value of the row is new to this statement.
    if (params.length + row.length > maxParams) flush();
    const refs = row.map((value) => {
      let number = numbers.get(value);
      if (number === undefined) {
        params.push(value);
        number = params.length;
        numbers.set(value, number);
      }
      return `?${number}`;
    });
    tuples.push(`(${refs.join(', ')})`);
  }
  flush();
  return statements;
}
