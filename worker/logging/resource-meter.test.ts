import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import app from '../app';
import type { Env } from '../env';
import { meteredFetch } from '../metered-fetch';
import { consoleLines } from '../test/console-lines';
import { conversations } from '../test/chat/run-fixtures';
import { ResourceMeter } from './resource-meter';

afterEach(() => {
  vi.restoreAllMocks();
});

const TABLE = 'CREATE TABLE IF NOT EXISTS meter_probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL)';

describe('ResourceMeter', () => {
  it('counts D1 queries and their rows, and answers exactly what the binding answers', async () => {
    await env.DB.prepare(TABLE).run();
    await env.DB.prepare('DELETE FROM meter_probe').run();
    const meter = new ResourceMeter();
    const d1 = meter.d1(env.DB);

    const inserted = await d1.batch([
      d1.prepare('INSERT INTO meter_probe (id, name) VALUES (?1, ?2)').bind(1, 'one'),
      d1.prepare('INSERT INTO meter_probe (id, name) VALUES (?1, ?2)').bind(2, 'two'),
    ]);
    expect(inserted.map((result) => result.meta.changes)).toEqual([1, 1]);
    expect(await d1.prepare('SELECT name FROM meter_probe WHERE id = ?1').bind(2).first()).toEqual({ name: 'two' });
    expect(await d1.prepare('SELECT name FROM meter_probe WHERE id = ?1').bind(1).first('name')).toBe('one');
    expect(await d1.prepare('SELECT name FROM meter_probe WHERE id = ?1').bind(9).first()).toBeNull();
    const all = await d1.prepare('SELECT id FROM meter_probe ORDER BY id').all<{ id: number }>();
    expect(all.results).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await d1.prepare('SELECT id, name FROM meter_probe ORDER BY id').raw()).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    await d1.prepare('UPDATE meter_probe SET name = ?1').bind('x').run();

    const usage = meter.take();
    expect(usage.d1Queries).toBe(8);
    // raw() reports no meta: counted as a query, its rows unknown.
    expect(usage.d1Unmetered).toBe(1);
    expect(usage.d1RowsWritten).toBeGreaterThanOrEqual(4);
    expect(usage.d1RowsRead).toBeGreaterThanOrEqual(4);
    // take() starts the count again.
    expect(meter.take().d1Queries).toBe(0);
  });

  it('counts the queries of a replica session apart, within the totals', async () => {
    await env.DB.prepare(TABLE).run();
    await env.DB.prepare('DELETE FROM meter_probe').run();
    const meter = new ResourceMeter();
    const d1 = meter.d1(env.DB);
    await d1.prepare('INSERT INTO meter_probe (id, name) VALUES (?1, ?2)').bind(1, 'one').run();

    const replica = d1.withSession('first-unconstrained');
    const [read] = await replica.batch([replica.prepare('SELECT name FROM meter_probe WHERE id = ?1').bind(1)]);
    expect(read?.results).toEqual([{ name: 'one' }]);
    expect(await replica.prepare('SELECT count(*) AS n FROM meter_probe').first('n')).toBe(1);
    expect(typeof replica.getBookmark()).toBe('string');
    // A session pinned to the primary is the primary's work.
    await d1.withSession('first-primary').prepare('SELECT 1').run();

    const usage = meter.take();
    expect(usage.d1Queries).toBe(4);
    expect(usage.d1ReplicaQueries).toBe(2);
    expect(usage.d1ReplicaRowsRead).toBeGreaterThanOrEqual(2);
    expect(usage.d1RowsRead).toBeGreaterThanOrEqual(usage.d1ReplicaRowsRead);
  });

  it('counts KV reads and writes, R2 class A and B operations, and requests to Durable Objects', async () => {
    const meter = new ResourceMeter();
    const kv = meter.kv(env.CONFIG);
    await kv.put('meter-probe', 'value');
    expect(await kv.get('meter-probe')).toBe('value');
    await kv.list({ prefix: 'meter-' });
    await kv.delete('meter-probe');

    const r2 = meter.r2(env.FILES);
    await r2.put('meter/probe.txt', 'hello');
    expect(await (await r2.get('meter/probe.txt'))?.text()).toBe('hello');
    expect(await r2.head('meter/probe.txt')).not.toBeNull();
    await r2.list({ prefix: 'meter/' });
    await r2.delete('meter/probe.txt');

    const namespace = meter.durableObjects(conversations);
    const stub = namespace.get(namespace.idFromName(crypto.randomUUID()));
    expect(await stub.liveConversation('nobody')).toBeNull();

    expect(meter.take()).toMatchObject({
      kvReads: 2,
      kvWrites: 2,
      r2ClassA: 3,
      r2ClassB: 2,
      doRequests: 1,
    });
  });

  it('gives the Worker one resource_usage line per request when LOG_RESOURCE_USAGE is on', async () => {
    const metered = { ...env, LOG_RESOURCE_USAGE: 'true' } as unknown as Env;
    const context = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
    let status = 0;
    const lines = await consoleLines(async () => {
      const response = await meteredFetch(
        app.fetch,
        new Request('http://app.test/api/convos', { headers: { authorization: 'Bearer nope' } }),
        metered,
        context as unknown as ExecutionContext,
      );
      status = response.status;
    });
    expect(status).toBe(401);
    expect(lines).toEqual([
      expect.objectContaining({ event: 'resource_usage', scope: 'request', path: '/api/convos', status: 401 }),
    ]);
  });
});
