import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../../logging/resource-usage';
import { costPerThousandTurns, PRICES_READ_ON } from './prices';

describe('costPerThousandTurns', () => {
  it('prices each resource a turn used, per 1,000 turns, largest first', () => {
    const usage = { ...emptyUsage(), d1RowsWritten: 20, d1RowsRead: 50, doRequests: 1 };
    const costs = costPerThousandTurns({ workerRequests: 1, workerCpuMs: 10, objectDurationMs: 2000, usage });
    const of = (item: string) => costs.find((cost) => cost.item === item)?.usd;
    // 20 rows × 1,000 turns at $1.00 per million rows written.
    expect(of('D1 rows written')).toBeCloseTo(0.02, 10);
    // 2 s × 0.128 GB × 1,000 turns at $12.50 per million GB-s.
    expect(of('Durable Object duration')).toBeCloseTo(0.0032, 10);
    expect(of('Worker requests')).toBeCloseTo(0.0003, 10);
    expect(costs.map((cost) => cost.usd)).toEqual([...costs.map((cost) => cost.usd)].sort((a, b) => b - a));
    expect(PRICES_READ_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
