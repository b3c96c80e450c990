/**
 * Sign-ins to OAuth actions (`action_oauth_flows`). Each step is one conditional statement whose
 * changed row count says whether it happened, so a flow is used once even when two requests race:
 * the run opens a flow (`pending`), the provider's redirect records the code (`received`), and
 * the user who opened it turns it into tokens (`done`). Every step but the redirect's is scoped
 * by the user; the redirect carries no credentials, and may only move a pending flow forward.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { db } from './client';
import { actionOAuthFlows } from './schema';

export type ActionOAuthFlow = typeof actionOAuthFlows.$inferSelect;

export interface NewActionOAuthFlow {
  stateHash: string;
  userId: string;
  actionId: string;
  conversationId: string;
  redirectUri: string;
  /** The sealed PKCE verifier. */
  verifier: string;
  expiresAt: number;
}

/** Opens a flow; the user's expired ones go in the same batch, so the table does not grow. */
export async function openActionOAuthFlow(d1: D1Database, flow: NewActionOAuthFlow, now = Date.now()): Promise<void> {
  const client = db({ DB: d1 });
  await client.batch([
    client
      .delete(actionOAuthFlows)
      .where(and(eq(actionOAuthFlows.userId, flow.userId), lt(actionOAuthFlows.expiresAt, now))),
    client.insert(actionOAuthFlows).values({ ...flow, status: 'pending' }),
  ]);
}

/**
 * The provider sent a browser back: records the sealed code and the hash of that browser's
 * nonce on the pending, unexpired flow of this action. False when no such flow (unknown,
 * used, expired, or another action's): nothing changed.
 */
export async function recordActionOAuthCode(
  d1: D1Database,
  target: { stateHash: string; actionId: string; code: string; browserHash: string },
  now = Date.now(),
): Promise<boolean> {
  const result = await db({ DB: d1 })
    .update(actionOAuthFlows)
    .set({ status: 'received', code: target.code, browserHash: target.browserHash })
    .where(
      and(
        eq(actionOAuthFlows.stateHash, target.stateHash),
        eq(actionOAuthFlows.actionId, target.actionId),
        eq(actionOAuthFlows.status, 'pending'),
        gt(actionOAuthFlows.expiresAt, now),
      ),
    );
  return result.meta.changes === 1;
}

/** The provider refused the sign-in: the pending flow of this action is closed unused. */
export async function closeActionOAuthFlow(d1: D1Database, stateHash: string, actionId: string): Promise<void> {
  await db({ DB: d1 })
    .update(actionOAuthFlows)
    .set({ status: 'done' })
    .where(
      and(
        eq(actionOAuthFlows.stateHash, stateHash),
        eq(actionOAuthFlows.actionId, actionId),
        eq(actionOAuthFlows.status, 'pending'),
      ),
    );
}

/**
 * Takes the received flow for its user, once: `received` → `done` in one conditional UPDATE
 * that also requires the browser's nonce and an unexpired flow. The row when this call took it;
 * undefined otherwise (then nothing changed).
 */
export async function claimActionOAuthFlow(
  d1: D1Database,
  target: { stateHash: string; userId: string; browserHash: string },
  now = Date.now(),
): Promise<ActionOAuthFlow | undefined> {
  const rows = await db({ DB: d1 })
    .update(actionOAuthFlows)
    .set({ status: 'done' })
    .where(
      and(
        eq(actionOAuthFlows.stateHash, target.stateHash),
        eq(actionOAuthFlows.userId, target.userId),
        eq(actionOAuthFlows.browserHash, target.browserHash),
        eq(actionOAuthFlows.status, 'received'),
        gt(actionOAuthFlows.expiresAt, now),
      ),
    )
    .returning();
  return rows[0];
}

/** The user's flow of this state (to tell why a claim failed), or undefined: another user's is none. */
export async function findActionOAuthFlow(
  d1: D1Database,
  stateHash: string,
  userId: string,
): Promise<ActionOAuthFlow | undefined> {
  return db({ DB: d1 })
    .select()
    .from(actionOAuthFlows)
    .where(and(eq(actionOAuthFlows.stateHash, stateHash), eq(actionOAuthFlows.userId, userId)))
    .get();
}
