/**
 * POST /api/auth/refresh, the request every app page opens with: rotates the refresh token and
 * reads the account, and the messages of the conversation the page shows when it names one.
 *
 * For the current token, which is nearly every refresh, that is one D1 batch: the rotation,
 * then the reads keyed on the session it rotated (a batch runs in order, as one transaction),
 * so the page waits for one round trip to the database instead of three (the session read, its
 * update, then the reads). For D1's primary far from the visitor, each round trip is a long
 * one. Every other token (the previous one, presented by a tab that raced another; a revoked,
 * expired or replayed one) finds the rotation not applied and the reads empty, and goes the
 * full way through rotateSession, which decides each case; those rare tokens pay that one
 * batch on top of the checks they always had.
 */
import type { StoredMessage } from '../../contract/messages';
import { conversationMessagesOf, conversationMessagesSql, listConversationMessages } from '../../db/messages';
import { decodeRow, prepareSql } from '../../db/raw-batch';
import { users } from '../../db/schema';
import { findUserById, userStatement, type UserRow } from '../../db/users';
import type { EnvVars } from '../../env';
import { currentTokenRotation, rotateSession, type IssuedRefreshToken } from './sessions';

export type RefreshResult =
  ({ ok: true; user: UserRow; messages?: StoredMessage[] } & IssuedRefreshToken) | { ok: false };

type RefreshEnv = EnvVars & { DB: D1Database };

/** `conversationId`: the page's conversation, whose messages come back with the session (absent: none). */
export async function refreshSession(
  env: RefreshEnv,
  presented: string,
  conversationId?: string,
): Promise<RefreshResult> {
  const now = Date.now();
  const rotation = await currentTokenRotation(env, presented, now);
  if (!rotation) return { ok: false };
  const { owner } = rotation;
  const [rotated, account, messages] = await env.DB.batch<Record<string, unknown>>([
    prepareSql(env.DB, rotation.statement),
    userStatement(env.DB, owner),
    ...(conversationId === undefined ? [] : [prepareSql(env.DB, conversationMessagesSql(owner, conversationId, now))]),
  ]);
  const session = rotated?.results[0] as { expiresAt: number } | undefined;
  if (!session) return refreshAnyToken(env, presented, conversationId);
  const row = account?.results[0];
  // Defensive: a session cannot outlive its account (the foreign key cascades), but without an
  // account there is nobody to sign in.
  if (!row) return { ok: false };
  return {
    ok: true,
    refreshToken: rotation.refreshToken,
    expiresAt: session.expiresAt,
    user: decodeRow(users, row),
    ...(messages ? { messages: conversationMessagesOf(messages) } : {}),
  };
}

/** The full way, for a token that is not the session's current one. */
async function refreshAnyToken(env: RefreshEnv, presented: string, conversationId?: string): Promise<RefreshResult> {
  const rotated = await rotateSession(env, presented);
  if (!rotated.ok) return { ok: false };
  const [user, messages] = await Promise.all([
    findUserById(env.DB, rotated.userId),
    conversationId === undefined ? undefined : listConversationMessages(env.DB, rotated.userId, conversationId),
  ]);
  if (!user) return { ok: false };
  return {
    ok: true,
    refreshToken: rotated.refreshToken,
    expiresAt: rotated.expiresAt,
    user,
    ...(messages ? { messages } : {}),
  };
}
