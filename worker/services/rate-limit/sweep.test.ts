import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleScheduled } from '../conversations/scheduled';
import { leaseKey } from '../../db/leases';
import { chatLimitCheck, resolveChatLimits } from '../chat/limits';
import { checkLimit } from './limiter';
import { MAX_WINDOW_MS } from './limits';

afterEach(() => {
  vi.restoreAllMocks();
});

const MINUTE = 60_000;

async function seedStaleAndLive(now: number): Promise<{ stale: string; live: string }> {
  const [stale, live] = [`test:stale-${crypto.randomUUID()}`, `test:live-${crypto.randomUUID()}`];
  await env.DB.batch([
    env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?, ?, 1)').bind(
      stale,
      now - MAX_WINDOW_MS - 1,
    ),
    env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?, ?, 1)').bind(live, now - MINUTE),
    env.DB.prepare('INSERT INTO bans (key, expiresAt) VALUES (?, ?)').bind(stale, now - 1),
    env.DB.prepare('INSERT INTO bans (key, expiresAt) VALUES (?, ?)').bind(live, now + MINUTE),
  ]);
  return { stale, live };
}

async function keysLeft(table: string, keys: string[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT key FROM ${table} WHERE key IN (?, ?)`)
    .bind(...keys)
    .all<{ key: string }>();
  return results.map((row) => row.key);
}

describe('stale rate-limit rows', () => {
  it('are swept by the cron trigger: counters past the longest window, expired leases and bans, nothing live', async () => {
    const now = Date.now();
    const { stale, live } = await seedStaleAndLive(now);
    const userId = crypto.randomUUID();
    const [expiredLease, liveLease] = [leaseKey(userId, crypto.randomUUID()), leaseKey(userId, crypto.randomUUID())];
    await env.DB.batch([
      env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?, ?, 1)').bind(expiredLease, now - 1),
      env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?, ?, 1)').bind(
        liveLease,
        now + MINUTE,
      ),
    ]);
    await handleScheduled({ scheduledTime: now, cron: '*/30 * * * *' }, env);
    expect(await keysLeft('rate_limits', [stale, live])).toEqual([live]);
    expect(await keysLeft('rate_limits', [expiredLease, liveLease])).toEqual([liveLease]);
    expect(await keysLeft('bans', [stale, live])).toEqual([live]);
  });

  it("leave an expired lease in place on a send's way, where it no longer counts against the user", async () => {
    const now = Date.now();
    const userId = crypto.randomUUID();
    const expired = leaseKey(userId, crypto.randomUUID());
    await env.DB.prepare('INSERT INTO rate_limits (key, windowStart, count) VALUES (?, ?, 1)')
      .bind(expired, now - 1)
      .run();
    const limits = resolveChatLimits({ CONCURRENT_MESSAGE_MAX: '1' });
    const check = chatLimitCheck(
      env.DB,
      limits,
      { userId, ipSubject: 'ip:192.0.2.2', runId: crypto.randomUUID() },
      now,
    );
    const outcome = await check.settle(await env.DB.batch(check.statements));
    expect(outcome).toMatchObject({ leaseKey: expect.stringContaining(userId) });
    expect(await keysLeft('rate_limits', [expired, expired])).toEqual([expired]);
  });

  it("are never swept on a request's way, however the dice fall", async () => {
    // The sweep used to ride along with one request in fifty, chosen by Math.random.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const now = Date.now();
    const { stale } = await seedStaleAndLive(now);
    const check = chatLimitCheck(env.DB, resolveChatLimits({ LIMIT_MESSAGE_USER: 'true' }), {
      userId: crypto.randomUUID(),
      ipSubject: 'ip:192.0.2.1',
      runId: crypto.randomUUID(),
    });
    await env.DB.batch(check.statements);
    await checkLimit(env, 'login', 'ip:192.0.2.1', now);
    expect(await keysLeft('rate_limits', [stale, stale])).toEqual([stale]);
    expect(await keysLeft('bans', [stale, stale])).toEqual([stale]);
  });
});
