import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isBanned } from './bans';
import { hitCounter, windowStartOf } from './counter';
import { checkLimit } from './limiter';
import { MAX_WINDOW_MS, resolveBanSettings, resolveLimit } from './limits';

const MINUTE = 60_000;
const subject = () => `ip:test-${crypto.randomUUID()}`;
/** A moment at the start of a 5-minute window, so `now + k` stays inside it. */
const windowStart = windowStartOf(Date.now(), 5 * MINUTE);

describe('resolveLimit', () => {
  it("has LibreChat's defaults", () => {
    expect(resolveLimit({}, 'login')).toMatchObject({ max: 7, windowMs: 5 * MINUTE, code: 'com_auth_error_login_rl' });
    expect(resolveLimit({}, 'register')).toMatchObject({ max: 5, windowMs: 60 * MINUTE, code: 'registrations' });
    expect(resolveLimit({}, 'resetPassword')).toMatchObject({
      max: 2,
      windowMs: 2 * MINUTE,
      code: 'reset_password_limit',
    });
    expect(resolveLimit({}, 'verifyEmail')).toMatchObject({ max: 2, windowMs: 2 * MINUTE, code: 'verify_email_limit' });
  });

  it('reads the environment, ignoring values that are not positive numbers', () => {
    expect(resolveLimit({ LOGIN_MAX: '3', LOGIN_WINDOW: '0.5' }, 'login')).toMatchObject({ max: 3, windowMs: 30_000 });
    for (const bad of ['', '0', '-4', 'ten'])
      expect(resolveLimit({ LOGIN_MAX: bad, LOGIN_WINDOW: bad }, 'login')).toMatchObject({
        max: 7,
        windowMs: 5 * MINUTE,
      });
    expect(resolveLimit({ REGISTER_WINDOW: String(60 * 24 * 30) }, 'register').windowMs).toBe(MAX_WINDOW_MS);
  });

  it('reads the ban settings (LibreChat forms)', () => {
    expect(resolveBanSettings({})).toEqual({ enabled: true, threshold: 20, durationMs: 2 * 60 * MINUTE });
    expect(resolveBanSettings({ BAN_VIOLATIONS: 'false', BAN_INTERVAL: '3', BAN_DURATION: '1000 * 60 * 10' })).toEqual({
      enabled: false,
      threshold: 3,
      durationMs: 10 * MINUTE,
    });
  });
});

describe('checkLimit', () => {
  const vars = { ...env, LOGIN_MAX: '3', LOGIN_WINDOW: '5', BAN_VIOLATIONS: 'false' };

  it('allows up to max in a window, refuses after, and allows again in the next window', async () => {
    const who = subject();
    for (let i = 1; i <= 3; i++)
      expect(await checkLimit(vars, 'login', who, windowStart + i)).toEqual({ outcome: 'allowed', count: i });
    const refused = await checkLimit(vars, 'login', who, windowStart + 60_000);
    expect(refused).toMatchObject({ outcome: 'limited', code: 'com_auth_error_login_rl', retryAfterSeconds: 240 });
    expect(await checkLimit(vars, 'login', who, windowStart + 5 * MINUTE)).toEqual({ outcome: 'allowed', count: 1 });
  });

  it('keeps subjects and kinds apart', async () => {
    const [a, b] = [subject(), subject()];
    for (let i = 0; i < 4; i++) await checkLimit(vars, 'login', a, windowStart);
    expect((await checkLimit(vars, 'login', a, windowStart)).outcome).toBe('limited');
    expect((await checkLimit(vars, 'login', b, windowStart)).outcome).toBe('allowed');
    expect((await checkLimit(vars, 'register', a, windowStart)).outcome).toBe('allowed');
  });

  it('keeps one row per key, counting again from 1 when a new window starts', async () => {
    const key = `test:${crypto.randomUUID()}`;
    expect(await hitCounter(env.DB, key, MINUTE, windowStart)).toBe(1);
    expect(await hitCounter(env.DB, key, MINUTE, windowStart + 1_000)).toBe(2);
    expect(await hitCounter(env.DB, key, MINUTE, windowStart + 5 * MINUTE)).toBe(1);
    const rows = await env.DB.prepare('SELECT windowStart, count FROM rate_limits WHERE key = ?').bind(key).all();
    expect(rows.results).toEqual([{ windowStart: windowStart + 5 * MINUTE, count: 1 }]);
  });

  it("counts a hit stamped with an older window in the row's window, never rewinding it", async () => {
    const key = `test:${crypto.randomUUID()}`;
    await hitCounter(env.DB, key, MINUTE, windowStart + MINUTE);
    // An isolate whose clock is a little behind still counts against the current window.
    expect(await hitCounter(env.DB, key, MINUTE, windowStart + MINUTE - 10)).toBe(2);
    const row = await env.DB.prepare('SELECT windowStart FROM rate_limits WHERE key = ?').bind(key).first();
    expect(row).toEqual({ windowStart: windowStart + MINUTE });
  });

  it('counts concurrent hits exactly (one upsert each)', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 10 }, () => hitCounter(env.DB, key, MINUTE, windowStart)));
    expect(counts.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('bans after BAN_INTERVAL refusals, for BAN_DURATION', async () => {
    const who = subject();
    const banVars = {
      ...vars,
      LOGIN_MAX: '1',
      BAN_VIOLATIONS: 'true',
      BAN_INTERVAL: '2',
      BAN_DURATION: String(10 * MINUTE),
    };
    const now = windowStart;
    expect((await checkLimit(banVars, 'login', who, now)).outcome).toBe('allowed');
    expect((await checkLimit(banVars, 'login', who, now)).outcome).toBe('limited');
    expect(await isBanned(env.DB, [who], now)).toBe(false);
    expect((await checkLimit(banVars, 'login', who, now)).outcome).toBe('limited');
    expect(await isBanned(env.DB, [who], now)).toBe(true);
    // Banned for any kind, even once the login window has passed…
    expect((await checkLimit(banVars, 'register', who, now + 6 * MINUTE)).outcome).toBe('banned');
    // …until the ban expires.
    expect((await checkLimit(banVars, 'register', who, now + 10 * MINUTE + 1)).outcome).toBe('allowed');
  });
});
