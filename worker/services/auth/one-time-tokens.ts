import type { OneTimeTokenKind } from '../../db/schema';
import { randomToken, sha256 } from './encoding';

/**
 * Email verification and password reset tokens. The raw token only ever exists in the link
 * sent to the user; the table keeps its SHA-256 (the token is 256 random bits, so a fast hash
 * is enough and a leaked table cannot be replayed). Each token is single-use (`usedAt`),
 * expires, and is bound to one account; issuing a new one deletes the account's earlier ones.
 */
export const VERIFY_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TOKEN_TTL_MS = 15 * 60 * 1000;

const TTL_MS: Record<OneTimeTokenKind, number> = {
  verify_email: VERIFY_EMAIL_TOKEN_TTL_MS,
  reset_password: RESET_PASSWORD_TOKEN_TTL_MS,
};

/** Which account a token is for: by id, or by email (lowercased here). */
export type TokenTarget = { userId: string } | { email: string };

/**
 * Extra conditions the account must meet to get a token. Fixed SQL fragments — never built
 * from input — so the WHERE clause below stays a constant set of shapes.
 */
export interface IssueConditions {
  /** Only accounts with a password (social-only accounts cannot reset one). */
  hasPassword?: boolean;
  /** Only accounts whose email is not verified yet. */
  unverified?: boolean;
}

function targetWhere(target: TokenTarget, conditions: IssueConditions): { clause: string; value: string } {
  const parts = ['userId' in target ? 'id = ?' : 'email = ?'];
  if (conditions.hasPassword) parts.push('passwordHash IS NOT NULL');
  if (conditions.unverified) parts.push('emailVerified = 0');
  return { clause: parts.join(' AND '), value: 'userId' in target ? target.userId : target.email.trim().toLowerCase() };
}

export interface IssuedToken {
  /** The raw token, for the link; only its hash is stored. */
  token: string;
  /** The account it was issued for, to address the email. */
  user: { id: string; email: string; name: string };
}

/**
 * Issues a token for the account the target names, if there is one meeting the conditions.
 * The lookup happens inside the INSERT … SELECT, so the work (one batch, one round trip) is
 * the same whether or not an account exists: callers that must not reveal existence (forgot
 * password, resend verification) get equal timing by construction.
 */
export async function issueOneTimeToken(
  d1: D1Database,
  kind: OneTimeTokenKind,
  target: TokenTarget,
  conditions: IssueConditions = {},
  now = Date.now(),
): Promise<IssuedToken | null> {
  const token = randomToken(32);
  const where = targetWhere(target, conditions);
  const [, inserted, account] = await d1.batch<{ userId?: string; id?: string; email?: string; name?: string | null }>([
    d1
      .prepare(`DELETE FROM one_time_tokens WHERE kind = ? AND userId IN (SELECT id FROM users WHERE ${where.clause})`)
      .bind(kind, where.value),
    d1
      .prepare(
        `INSERT INTO one_time_tokens (id, userId, kind, tokenHash, expiresAt)
         SELECT ?, id, ?, ?, ? FROM users WHERE ${where.clause}
         RETURNING userId`,
      )
      .bind(crypto.randomUUID(), kind, await sha256(token), now + TTL_MS[kind], where.value),
    // Who to write to, read in the same round trip.
    d1.prepare(`SELECT id, email, name FROM users WHERE ${where.clause}`).bind(where.value),
  ]);
  const userId = inserted?.results[0]?.userId;
  const row = account?.results[0];
  if (!userId || !row || row.id !== userId || !row.email) return null;
  return { token, user: { id: userId, email: row.email, name: row.name ?? '' } };
}

/**
 * Spends a token: one conditional UPDATE, so of two concurrent uses only one succeeds. Returns
 * the account id, or null when the token is unknown, of another kind, for another account,
 * already used or expired — all alike, so the answer tells an attacker nothing.
 */
export async function consumeOneTimeToken(
  d1: D1Database,
  kind: OneTimeTokenKind,
  token: string,
  target: TokenTarget,
  now = Date.now(),
): Promise<string | null> {
  const owner =
    'userId' in target
      ? { clause: 'userId = ?', value: target.userId }
      : { clause: 'userId = (SELECT id FROM users WHERE email = ?)', value: target.email.trim().toLowerCase() };
  const row = await d1
    .prepare(
      `UPDATE one_time_tokens SET usedAt = ?
       WHERE tokenHash = ? AND kind = ? AND ${owner.clause} AND usedAt IS NULL AND expiresAt > ?
       RETURNING userId`,
    )
    .bind(now, await sha256(token), kind, owner.value, now)
    .first<{ userId: string }>();
  return row?.userId ?? null;
}
