/**
 * A D1 binding that adds every query's meta (rows read and written, D1's own time) to a
 * usage record: see resource-meter.ts. Statements are wrapped, and unwrapped again for batch().
 * Its sessions (`withSession`) are metered too, their queries also counted as replica reads.
 */
import type { ResourceUsage } from './resource-usage';

type Usage = Pick<
  ResourceUsage,
  'd1Queries' | 'd1RowsRead' | 'd1RowsWritten' | 'd1Ms' | 'd1Unmetered' | 'd1ReplicaQueries' | 'd1ReplicaRowsRead'
>;

/** Where queries are counted: the usage record, and whether they go through a replica session. */
interface Meter {
  usage: Usage;
  replica: boolean;
}

function record({ usage, replica }: Meter, meta: D1Meta | undefined): void {
  usage.d1Queries += 1;
  usage.d1RowsRead += meta?.rows_read ?? 0;
  usage.d1RowsWritten += meta?.rows_written ?? 0;
  usage.d1Ms += meta?.duration ?? 0;
  if (!replica) return;
  usage.d1ReplicaQueries += 1;
  usage.d1ReplicaRowsRead += meta?.rows_read ?? 0;
}

class MeteredStatement implements D1PreparedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly meter: Meter,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new MeteredStatement(this.inner.bind(...values), this.meter);
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (!row) return null;
    if (colName === undefined) return row as T;
    if (!(colName in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${colName})`);
    return row[colName] as T;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>();
    record(this.meter, result.meta);
    return result;
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    record(this.meter, result.meta);
    return result;
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    this.meter.usage.d1Queries += 1;
    this.meter.usage.d1Unmetered += 1;
    if (this.meter.replica) this.meter.usage.d1ReplicaQueries += 1;
    return options?.columnNames ? this.inner.raw<T>({ columnNames: true }) : this.inner.raw<T>();
  }
}

function innerOf(statement: D1PreparedStatement): D1PreparedStatement {
  return statement instanceof MeteredStatement ? statement.inner : statement;
}

/** prepare() and batch() of a binding or a session, metered. */
function meteredQueries(d1: D1Database | D1DatabaseSession, meter: Meter): Pick<D1Database, 'prepare' | 'batch'> {
  return {
    prepare: (query) => new MeteredStatement(d1.prepare(query), meter),
    async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
      const results = await d1.batch<T>(statements.map(innerOf));
      for (const result of results) record(meter, result.meta);
      return results;
    },
  };
}

export function meteredD1(d1: D1Database, usage: Usage): D1Database {
  const metered: Pick<D1Database, 'prepare' | 'batch' | 'exec' | 'withSession'> = {
    ...meteredQueries(d1, { usage, replica: false }),
    async exec(query) {
      const result = await d1.exec(query);
      usage.d1Queries += result.count;
      usage.d1Ms += result.duration;
      usage.d1Unmetered += result.count;
      return result;
    },
    withSession(constraintOrBookmark) {
      const session = d1.withSession(constraintOrBookmark);
      return {
        ...meteredQueries(session, { usage, replica: constraintOrBookmark !== 'first-primary' }),
        getBookmark: () => session.getBookmark(),
      };
    },
  };
  // What the app never calls (dump) goes to the binding itself, unmetered.
  return new Proxy(d1, {
    get: (target, property) =>
      property in metered ? metered[property as keyof typeof metered] : bound(target, Reflect.get(target, property)),
  });
}

function bound(target: object, value: unknown): unknown {
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}
