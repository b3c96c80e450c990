import type { BalanceConfig } from '../contract/config';

/**
 * Token credit balances (off unless the config turns them on). The config's `balance`
 * section is the source of truth for the refill rules; the row's copies of them are updated
 * whenever a refill is applied, so the stored row always says what was last in force.
 *
 * D1 has no interactive transactions, so every write is a single conditional statement.
 */
export type BalanceEnv = { DB: D1Database };

const UNIT_MS = {
  seconds: 1000,
  minutes: 60 * 1000,
  hours: 60 * 60 * 1000,
  days: 24 * 60 * 60 * 1000,
  weeks: 7 * 24 * 60 * 60 * 1000,
} as const;

/** When a refill last applied at `from` is next due. Months are calendar months (UTC). */
export function nextRefillAt(from: number, value: number, unit: BalanceConfig['refillIntervalUnit']): number {
  if (unit === 'months') {
    const date = new Date(from);
    date.setUTCMonth(date.getUTCMonth() + value);
    return date.getTime();
  }
  return from + value * UNIT_MS[unit];
}

interface BalanceRow {
  tokenCredits: number;
  lastRefill: number;
}

async function readRow(env: BalanceEnv, userId: string): Promise<BalanceRow | null> {
  return env.DB.prepare('SELECT tokenCredits, lastRefill FROM balances WHERE userId = ?1')
    .bind(userId)
    .first<BalanceRow>();
}

/** Creates the row with the start balance on first use; a no-op when it exists (races included). */
async function ensureRow(env: BalanceEnv, userId: string, settings: BalanceConfig, now: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO balances (userId, tokenCredits, autoRefillEnabled, refillIntervalValue, refillIntervalUnit, refillAmount, lastRefill)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (userId) DO NOTHING`,
  )
    .bind(
      userId,
      settings.startBalance,
      settings.autoRefillEnabled ? 1 : 0,
      Math.round(settings.refillIntervalValue),
      settings.refillIntervalUnit,
      settings.refillAmount,
      now,
    )
    .run();
}

function refillDue(row: BalanceRow, settings: BalanceConfig, now: number): boolean {
  if (!settings.autoRefillEnabled || settings.refillAmount <= 0 || settings.refillIntervalValue <= 0) return false;
  return now >= nextRefillAt(row.lastRefill, settings.refillIntervalValue, settings.refillIntervalUnit);
}

/**
 * Adds one refill (as LibreChat does: one `refillAmount` per check, however many intervals
 * passed). Conditional on the `lastRefill` that was read, so two concurrent reads refill once;
 * the ledger entry is written only by the request whose update applied.
 */
async function applyRefill(
  env: BalanceEnv,
  userId: string,
  row: BalanceRow,
  settings: BalanceConfig,
  now: number,
): Promise<void> {
  const result = await env.DB.prepare(
    `UPDATE balances SET tokenCredits = tokenCredits + ?1, lastRefill = ?2, autoRefillEnabled = 1,
       refillIntervalValue = ?3, refillIntervalUnit = ?4, refillAmount = ?1
     WHERE userId = ?5 AND lastRefill = ?6`,
  )
    .bind(
      settings.refillAmount,
      now,
      Math.round(settings.refillIntervalValue),
      settings.refillIntervalUnit,
      userId,
      row.lastRefill,
    )
    .run();
  if (result.meta.changes !== 1) return;
  await env.DB.prepare(
    `INSERT INTO transactions (id, userId, tokenType, context, rawAmount, tokenValue, rate, createdAt)
     VALUES (?1, ?2, 'credits', 'autoRefill', ?3, ?3, 1, ?4)`,
  )
    .bind(crypto.randomUUID(), userId, settings.refillAmount, now)
    .run();
}

/** The user's current credits: created with the start balance on first read, refilled when due. */
export async function readBalance(
  env: BalanceEnv,
  userId: string,
  settings: BalanceConfig,
  now = Date.now(),
): Promise<number> {
  let row = await readRow(env, userId);
  if (!row) {
    await ensureRow(env, userId, settings, now);
    row = await readRow(env, userId);
  }
  if (row && refillDue(row, settings, now)) {
    await applyRefill(env, userId, row, settings, now);
    row = await readRow(env, userId);
  }
  return row?.tokenCredits ?? settings.startBalance;
}
