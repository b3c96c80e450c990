import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../../db/client';
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

/** Exchanges a refresh token for a new one (same session, same expiry). */
export async function rotateSession(env: EnvVars & { DB: D1Database }, presented: string): Promise<RotationResult> {
  const sessionId = sessionIdOf(presented);
  if (!sessionId) return { ok: false, reason: 'invalid' };
  const session = await db(env).select().from(sessions).where(eq(sessions.id, sessionId)).get();
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
  const result = await env.DB.prepare(
    `UPDATE sessions SET refreshTokenHash = ?1, previousRefreshTokenHash = ?2, rotatedAt = ?3, lastUsedAt = ?3
     WHERE id = ?4 AND refreshTokenHash = ?5 AND revokedAt IS NULL`,
  )
    .bind(await sha256(refreshToken), session.refreshTokenHash, now, sessionId, session.refreshTokenHash)
    .run();
  if (result.meta.changes !== 1) return { ok: false, reason: 'invalid' };
  return { ok: true, userId: session.userId, refreshToken, expiresAt: session.expiresAt };
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
