/**
 * What one request or one run used of the resources Cloudflare bills: D1 queries, rows read and
 * written and D1's own time; KV reads and writes; R2 class A and B operations; requests to
 * Durable Objects; rows the Durable Object's own SQLite read and wrote. Opt-in
 * (`LOG_RESOURCE_USAGE=true`), for an operator who wants to see where a bill comes from, and
 * for `npm run bench`, which reads these lines for the cost of a turn. Off, nothing is wrapped.
 *
 * The wrappers count and delegate; they change no answer. D1's `first()` is the one read that
 * reports no meta, so a metered statement runs it as `all()` and takes the first row (D1 runs
 * `first()` as the whole query too: it adds no LIMIT). `raw()` keeps its own call and is
 * counted as a query whose rows are unknown (`d1Unmetered`).
 */
import { meteredD1 } from './metered-d1';
import { emptyUsage, type ResourceUsage } from './resource-usage';

export type { ResourceUsage } from './resource-usage';

/** R2's class B operations (reads); every other call is class A. */
const R2_CLASS_B = new Set(['head', 'get']);
const KV_READS = new Set(['get', 'getWithMetadata', 'list']);
const KV_WRITES = new Set(['put', 'delete']);

export function isMeteringOn(env: { LOG_RESOURCE_USAGE?: string }): boolean {
  return env.LOG_RESOURCE_USAGE === 'true';
}

export class ResourceMeter {
  readonly usage: ResourceUsage = emptyUsage();
  /** DO SQLite cursors: their counts grow as they are read, so they are summed at report time. */
  private cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];

  d1(d1: D1Database): D1Database {
    return meteredD1(d1, this.usage);
  }

  kv(namespace: KVNamespace): KVNamespace {
    return countedCalls(namespace, (method) => {
      if (KV_READS.has(method)) this.usage.kvReads += 1;
      else if (KV_WRITES.has(method)) this.usage.kvWrites += 1;
    });
  }

  r2(bucket: R2Bucket): R2Bucket {
    return countedCalls(bucket, (method) => {
      if (R2_CLASS_B.has(method)) this.usage.r2ClassB += 1;
      else this.usage.r2ClassA += 1;
    });
  }

  /** Every fetch or RPC call to one of the namespace's objects is one billed request. */
  durableObjects<T extends Rpc.DurableObjectBranded | undefined>(
    namespace: DurableObjectNamespace<T>,
  ): DurableObjectNamespace<T> {
    const counted = (object: DurableObjectStub<T>) =>
      countedCalls(object, (method) => {
        if (method !== 'id' && method !== 'name') this.usage.doRequests += 1;
      });
    return new Proxy(namespace, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property === 'get' || property === 'getByName')
          return (...args: unknown[]) => counted(Reflect.apply(value, target, args) as DurableObjectStub<T>);
        return (...args: unknown[]) => Reflect.apply(value, target, args) as unknown;
      },
    });
  }

  sql(sql: SqlStorage): SqlStorage {
    return new Proxy(sql, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property !== 'exec') return (...args: unknown[]) => Reflect.apply(value, target, args) as unknown;
        return (...args: unknown[]) => {
          const cursor = Reflect.apply(value, target, args) as SqlStorageCursor<Record<string, SqlStorageValue>>;
          this.cursors.push(cursor);
          return cursor;
        };
      },
    });
  }

  /** The usage since the last report (the meter starts again from zero). */
  take(): ResourceUsage {
    const taken = { ...this.usage };
    for (const cursor of this.cursors) {
      taken.sqlRowsRead += cursor.rowsRead;
      taken.sqlRowsWritten += cursor.rowsWritten;
    }
    this.cursors = [];
    Object.assign(this.usage, emptyUsage());
    return taken;
  }
}

/** A proxy of `target` whose method calls are reported by name to `count` first. */
function countedCalls<T extends object>(target: T, count: (method: string) => void): T {
  return new Proxy(target, {
    get: (object, property) => {
      const value: unknown = Reflect.get(object, property);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        count(property);
        return Reflect.apply(value, object, args) as unknown;
      };
    },
  });
}
