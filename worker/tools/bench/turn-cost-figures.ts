import { type Figure, HOT_PATH_CPU_BUDGET_MS } from './figure';
import { costPerThousandTurns, PRICES_READ_ON } from './prices';
import { measureTurnCost } from './turn-cost';

/** What one turn costs, per kind of turn: requests, CPU, D1/SQLite/KV/R2 use, and its price per 1,000. */
export async function turnCostFigures(): Promise<Figure[]> {
  const costs = await measureTurnCost();
  const figure = (what: string, value: string): Figure => ({ what, value, budget: '', over: false });
  const n = (value: number) => String(Number(value.toFixed(1)));
  return costs.flatMap((cost) => {
    const { usage } = cost;
    const priced = costPerThousandTurns({
      workerRequests: cost.workerRequests,
      workerCpuMs: cost.cpuMs,
      objectDurationMs: cost.doDurationMs,
      usage,
    });
    const total = priced.reduce((sum, item) => sum + item.usd, 0);
    return [
      figure(
        `Turn cost, ${cost.kind} (mean of ${cost.turns}): requests to the Worker / to Durable Objects`,
        `${n(cost.workerRequests)} / ${n(usage.doRequests)}`,
      ),
      cost.kind === '1,000-token reply'
        ? {
            what: '  workerd CPU, Worker + object + local D1 (an upper bound)',
            value: `${n(cost.cpuMs)} ms`,
            budget: `≤ ${HOT_PATH_CPU_BUDGET_MS} ms`,
            over: cost.cpuMs > HOT_PATH_CPU_BUDGET_MS,
          }
        : figure('  workerd CPU, Worker + object + local D1 (an upper bound)', `${n(cost.cpuMs)} ms`),
      ...(cost.floor
        ? [
            figure(
              `    of which the runtime's floor: the same stream read by a bare object (${n(cost.floor.reads)} reads)`,
              `${n(cost.floor.cpuMs)} ms`,
            ),
            figure('    of which the app: the rest', `${n(Math.max(0, cost.cpuMs - cost.floor.cpuMs))} ms`),
          ]
        : []),
      figure('  Durable Object wall time, arrival to last write (median)', `${n(cost.doDurationMs)} ms`),
      figure(
        usage.d1Unmetered > 0
          ? `  D1 queries / rows read / rows written (${n(usage.d1Unmetered)} drizzle queries' rows unreported)`
          : '  D1 queries / rows read / rows written',
        `${n(usage.d1Queries)} / ${n(usage.d1RowsRead)} / ${n(usage.d1RowsWritten)}`,
      ),
      figure(
        '    of which on the primary / through a replica session: queries, rows read',
        `${n(usage.d1Queries - usage.d1ReplicaQueries)}, ${n(usage.d1RowsRead - usage.d1ReplicaRowsRead)} / ` +
          `${n(usage.d1ReplicaQueries)}, ${n(usage.d1ReplicaRowsRead)}`,
      ),
      // No D1 time: the local database's meta.duration is not a measurement (workerd's clock
      // stands still during a synchronous call). Production's resource_usage lines carry it.
      figure('  object SQLite rows read / written', `${n(usage.sqlRowsRead)} / ${n(usage.sqlRowsWritten)}`),
      figure(
        '  KV reads / writes, R2 class A / B',
        `${n(usage.kvReads)} / ${n(usage.kvWrites)}, ${n(usage.r2ClassA)} / ${n(usage.r2ClassB)}`,
      ),
      figure(`  cost per 1,000 turns at the prices of ${PRICES_READ_ON}`, `$${total.toFixed(4)}`),
      ...priced
        .filter((item) => item.usd > 0)
        .slice(0, 3)
        .map((item) => figure(`    of which ${item.item}`, `$${item.usd.toFixed(4)}`)),
    ];
  });
}
