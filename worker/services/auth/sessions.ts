import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { db, type Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { EnvVars } from '../../env';
import { DEFAULT_REFRESH_TOKEN_EXPIRY_MS, parseDurationMs } from './durations';
import { randomToken, sha256 } from './encoding';

/**
 * Refresh-token sessions. A refresh token is `<sessionId>.<secret>`; only the SHA-256 of the
 * whole token is stored. Every refresh rotates it. A token that was rotated out and comes back
 * means it was copied: the session is revoked. The single exception is the token replaced in
 * the last {@link ROTATION_GRACE_MS} — two tabs of one browser refreshing at the same moment
 * both present it, and the loser must not sign the user out.
 */
export const ROTATION_GRACE_MS = 30_000;

export interface IssuedRefreshToken {
  refreshToken: string;
  expiresAt: number;
}

export type RotationResult =
  | ({ ok: true; userId: string } & IssuedRefreshToken)
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' | 'reused' };

export function refreshTokenLifetimeMs(env: EnvVars): number {
  return parseDurationMs(env.REFRESH_TOKEN_EXPIRY, DEFAULT_REFRESH_TOKEN_EXPIRY_MS);
}

function newToken(sessionId: string): string {
  return `${sessionId}.${randomToken(32)}`;
}

function sessionIdOf(refreshToken: string): string | null {
  const [id, secret, ...rest] = refreshToken.split('.');
  return id && secret && rest.length === 0 && id.length <= 64 ? id : null;
}

export async function createSession(
  env: EnvVars & { DB: D1Database },
  userId: string,
  userAgent: string | undefined,
): Promise<IssuedRefreshToken> {
  const id = crypto.randomUUID();
  const refreshToken = newToken(id);
  const expiresAt = Date.now() + refreshTokenLifetimeMs(env);
  await db(env)
    .insert(sessions)
    .values({
      id,
      userId,
      refreshTokenHash: await sha256(refreshToken),
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
  return { refreshToken, expiresAt };
}

/**
 * The UPDATE that rotates a session whose current token hashes to `currentHash`, to
 * `nextHash`; it applies only to a live session (not revoked, not expired) and only while
 * `currentHash` is still current, so of two concurrent rotations only one applies. Answers the
 * session's account and expiry when it applied, nothing otherwise.
 */
function rotationStatement(database: Db, sessionId: string, currentHash: string, nextHash: string, now: number) {
  return database
    .update(sessions)
    .set({ refreshTokenHash: nextHash, previousRefreshTokenHash: currentHash, rotatedAt: now, lastUsedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.refreshTokenHash, currentHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
}

/**
 * The rotation of a token presented as the current one, to be sent in one batch with the reads
 * of the request (the refresh's account and messages: worker/services/auth/refresh.ts), so a
 * refresh costs one round trip to D1 rather than a read, a write and then the reads.
 */
export interface CurrentTokenRotation {
  /** Applies when the presented token is the session's current one (see rotationStatement). */
  statement: ReturnType<typeof rotationStatement>;
  /** The token that replaces it, valid once the statement has applied. */
  refreshToken: string;
  /**
   * The session's account id as an SQL expression that is NULL unless this rotation has
   * applied earlier in the same batch: a read keyed on it reads nothing for a stale token.
   */
  owner: SQL;
}

/** Null for a token that is not one of ours in form (nothing to rotate). */
export async function currentTokenRotation(
  env: { DB: D1Database },
  presented: string,
  now: number,
): Promise<CurrentTokenRotation | null> {
  const sessionId = sessionIdOf(presented);
  if (!sessionId) return null;
  const refreshToken = newToken(sessionId);
  const nextHash = await sha256(refreshToken);
  return {
    statement: rotationStatement(db(env), sessionId, await sha256(presented), nextHash, now),
    refreshToken,
    owner: sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.id} = ${sessionId} AND ${sessions.refreshTokenHash} = ${nextHash})`,
  };
}

/**
 * Exchanges a refresh token for a new one (same session, same expiry), deciding every case:
 * the current token, the previous one presented by a tab that raced another, and the tokens
 * that end the session or are refused.
 */
export async function rotateSession(env: EnvVars & { DB: D1Database }, presented: string): Promise<RotationResult> {
  const sessionId = sessionIdOf(presented);
  if (!sessionId) return { ok: false, reason: 'invalid' };
  const database = db(env);
  const session = await database.select().from(sessions).where(eq(sessions.id, sessionId)).get();
  if (!session) return { ok: false, reason: 'invalid' };
  if (session.revokedAt !== null) return { ok: false, reason: 'revoked' };
  const now = Date.now();
  if (session.expiresAt <= now) return { ok: false, reason: 'expired' };

  const presentedHash = await sha256(presented);
  const isCurrent = presentedHash === session.refreshTokenHash;
  const isRacingPrevious =
    presentedHash === session.previousRefreshTokenHash &&
    session.rotatedAt !== null &&
    now - session.rotatedAt < ROTATION_GRACE_MS;
  if (!isCurrent && !isRacingPrevious) {
    await revokeSession(env, sessionId);
    return { ok: false, reason: 'reused' };
  }

  const refreshToken = newToken(sessionId);
  // Conditional on the hash we read: of two concurrent rotations only one applies.
  const [rotated] = await rotationStatement(
    database,
    sessionId,
    session.refreshTokenHash,
    await sha256(refreshToken),
    now,
  );
  if (!rotated) return { ok: false, reason: 'invalid' };
  return { ok: true, userId: rotated.userId, refreshToken, expiresAt: rotated.expiresAt };
}

export async function revokeSession(env: { DB: D1Database }, sessionId: string): Promise<void> {
  await db(env)
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Logout: revokes the session the token belongs to, if the token is genuine. */
export async function revokeSessionByToken(env: { DB: D1Database }, presented: string): Promise<void> {
  const sessionId = sessionIdOf(presented);
  if (!sessionId) return;
  const session = await db(env).select().from(sessions).where(eq(sessions.id, sessionId)).get();
  if (session && session.refreshTokenHash === (await sha256(presented))) await revokeSession(env, sessionId);
}
