/**
 * Cloudflare's published prices for what a turn uses (Workers Paid plan, USD per unit above
 * the monthly included amounts), read on PRICES_READ_ON from developers.cloudflare.com:
 * workers/platform/pricing, durable-objects/platform/pricing, d1/platform/pricing,
 * kv/platform/pricing and r2/pricing. Check them again before quoting a bill: they change.
 */
import type { ResourceUsage } from '../../logging/resource-usage';

export const PRICES_READ_ON = '2026-11-26';

const PER_MILLION = 1 / 1_000_000;

export const PRICES = {
  workerRequest: 0.3 * PER_MILLION,
  workerCpuMs: 0.02 * PER_MILLION,
  /** Each fetch, RPC call and alarm of a Durable Object. */
  objectRequest: 0.15 * PER_MILLION,
  /** Duration is wall-clock time while the object is active, at a fixed 128 MB. */
  objectGbSecond: 12.5 * PER_MILLION,
  objectMemoryGb: 0.128,
  d1RowRead: 0.001 * PER_MILLION,
  d1RowWritten: 1 * PER_MILLION,
  /** A SQLite-backed object's own storage is billed by rows like D1. */
  objectRowRead: 0.001 * PER_MILLION,
  objectRowWritten: 1 * PER_MILLION,
  kvRead: 0.5 * PER_MILLION,
  kvWrite: 5 * PER_MILLION,
  r2ClassA: 4.5 * PER_MILLION,
  r2ClassB: 0.36 * PER_MILLION,
} as const;

export interface TurnUse {
  workerRequests: number;
  workerCpuMs: number;
  objectDurationMs: number;
  usage: ResourceUsage;
}

/** What 1,000 turns cost, item by item (USD), largest first. */
export function costPerThousandTurns(turn: TurnUse): { item: string; usd: number }[] {
  const { usage } = turn;
  const items = [
    { item: 'Worker requests', usd: turn.workerRequests * PRICES.workerRequest },
    { item: 'Worker CPU', usd: turn.workerCpuMs * PRICES.workerCpuMs },
    { item: 'Durable Object requests', usd: usage.doRequests * PRICES.objectRequest },
    {
      item: 'Durable Object duration',
      usd: (turn.objectDurationMs / 1000) * PRICES.objectMemoryGb * PRICES.objectGbSecond,
    },
    {
      item: 'Durable Object storage rows',
      usd: usage.sqlRowsRead * PRICES.objectRowRead + usage.sqlRowsWritten * PRICES.objectRowWritten,
    },
    { item: 'D1 rows read', usd: usage.d1RowsRead * PRICES.d1RowRead },
    { item: 'D1 rows written', usd: usage.d1RowsWritten * PRICES.d1RowWritten },
    { item: 'KV', usd: usage.kvReads * PRICES.kvRead + usage.kvWrites * PRICES.kvWrite },
    { item: 'R2', usd: usage.r2ClassA * PRICES.r2ClassA + usage.r2ClassB * PRICES.r2ClassB },
  ];
  return items.map(({ item, usd }) => ({ item, usd: usd * 1000 })).sort((a, b) => b.usd - a.usd);
}
