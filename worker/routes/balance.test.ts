import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextRefillAt, readBalance } from '../db/balances';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const ENABLED = `
version: 1.2.5
balance:
  enabled: true
  startBalance: 50000
  autoRefillEnabled: true
  refillIntervalValue: 1
  refillIntervalUnit: days
  refillAmount: 25000
`;

beforeEach(clearAppConfig);

describe('GET /api/balance', () => {
  it('answers 404 when the balance is not enabled (the default)', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/balance');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Balance is not enabled' });
    const row = await env.DB.prepare('SELECT 1 FROM balances WHERE userId = ?1').bind(user.id).first();
    expect(row).toBeNull();
  });

  it('answers the credits as a plain number string, starting at startBalance', async () => {
    await storeAppConfig(ENABLED);
    const user = await createTestUser();
    const res = await callAs(user, '/api/balance');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('50000');
    expect(await (await callAs(user, '/api/balance')).text()).toBe('50000'); // no refill yet
    const row = await env.DB.prepare(
      'SELECT tokenCredits, autoRefillEnabled, refillAmount FROM balances WHERE userId = ?1',
    )
      .bind(user.id)
      .first();
    expect(row).toEqual({ tokenCredits: 50000, autoRefillEnabled: 1, refillAmount: 25000 });
  });

  it('uses the default start balance (20000) when only enabled is set', async () => {
    await storeAppConfig('version: 1.2.5\nbalance:\n  enabled: true\n');
    const user = await createTestUser();
    expect(await (await callAs(user, '/api/balance')).text()).toBe('20000');
  });

  it('refills once when the interval has passed, and records it in the ledger', async () => {
    await storeAppConfig(ENABLED);
    const user = await createTestUser();
    await callAs(user, '/api/balance');
    await env.DB.prepare('UPDATE balances SET tokenCredits = 100, lastRefill = ?1 WHERE userId = ?2')
      .bind(Date.now() - 2 * 24 * 60 * 60 * 1000, user.id)
      .run();
    expect(await (await callAs(user, '/api/balance')).text()).toBe('25100');
    expect(await (await callAs(user, '/api/balance')).text()).toBe('25100'); // not again until the next interval
    const { results } = await env.DB.prepare('SELECT tokenType, context, rawAmount FROM transactions WHERE userId = ?1')
      .bind(user.id)
      .all();
    expect(results).toEqual([{ tokenType: 'credits', context: 'autoRefill', rawAmount: 25000 }]);
  });

  it('does not refill when auto refill is off', async () => {
    await storeAppConfig(ENABLED.replace('autoRefillEnabled: true', 'autoRefillEnabled: false'));
    const user = await createTestUser();
    await callAs(user, '/api/balance');
    await env.DB.prepare('UPDATE balances SET lastRefill = 0 WHERE userId = ?1').bind(user.id).run();
    expect(await (await callAs(user, '/api/balance')).text()).toBe('50000');
  });

  it('refills only once when two reads race', async () => {
    await storeAppConfig(ENABLED);
    const user = await createTestUser();
    const settings = {
      enabled: true,
      startBalance: 0,
      autoRefillEnabled: true,
      refillIntervalValue: 1,
      refillIntervalUnit: 'hours',
      refillAmount: 10,
    } as const;
    await readBalance(env, user.id, settings);
    await env.DB.prepare('UPDATE balances SET lastRefill = 0 WHERE userId = ?1').bind(user.id).run();
    await Promise.all([readBalance(env, user.id, settings), readBalance(env, user.id, settings)]);
    expect(await readBalance(env, user.id, settings)).toBe(10);
  });

  it('answers 401 without a token', async () => {
    await storeAppConfig(ENABLED);
    expect((await callAs(null, '/api/balance')).status).toBe(401);
  });
});

describe('nextRefillAt', () => {
  it('adds the interval in its unit; months are calendar months', () => {
    const start = Date.UTC(2025, 0, 31, 12);
    expect(nextRefillAt(start, 30, 'seconds')).toBe(start + 30_000);
    expect(nextRefillAt(start, 2, 'hours')).toBe(start + 2 * 3_600_000);
    expect(nextRefillAt(start, 1, 'weeks')).toBe(start + 7 * 86_400_000);
    expect(new Date(nextRefillAt(Date.UTC(2025, 0, 15), 1, 'months')).toISOString()).toBe('2025-02-15T00:00:00.000Z');
  });
});
