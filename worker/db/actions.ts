import { and, asc, eq } from 'drizzle-orm';
import { db } from './client';
import { actions } from './schema';
import type { JsonObject } from './schema/columns';

/**
 * The actions of agents. The row's `id` is the action's `action_id`, so an id names one action
 * only, whichever agent it belongs to. Routes decide who may reach an agent; these statements
 * are scoped by the agent (and by the user for the list).
 */

export type ActionRow = typeof actions.$inferSelect;

/** The caller's actions (every action for an admin), oldest first. */
export async function listActions(d1: D1Database, userId: string | null): Promise<ActionRow[]> {
  const query = db({ DB: d1 }).select().from(actions);
  const scoped = userId === null ? query : query.where(eq(actions.userId, userId));
  return scoped.orderBy(asc(actions.createdAt), asc(actions.id)).all();
}

/** Every action of one agent, in one read. */
export async function listAgentActions(d1: D1Database, agentId: string): Promise<ActionRow[]> {
  return db({ DB: d1 })
    .select()
    .from(actions)
    .where(eq(actions.agent_id, agentId))
    .orderBy(asc(actions.createdAt), asc(actions.id))
    .all();
}

/** The action by its id, whatever agent holds it (callers compare `agent_id`). */
export async function findAction(d1: D1Database, actionId: string): Promise<ActionRow | null> {
  return (await db({ DB: d1 }).select().from(actions).where(eq(actions.id, actionId)).get()) ?? null;
}

export interface NewAction {
  actionId: string;
  agentId: string;
  userId: string;
  metadata: JsonObject;
}

export async function insertAction(d1: D1Database, action: NewAction): Promise<ActionRow> {
  return db({ DB: d1 })
    .insert(actions)
    .values({
      id: action.actionId,
      action_id: action.actionId,
      agent_id: action.agentId,
      userId: action.userId,
      metadata: action.metadata,
    })
    .returning()
    .get();
}

/** Replaces the metadata of the agent's action; null when the action is not (or no longer) the agent's. */
export async function updateActionMetadata(
  d1: D1Database,
  agentId: string,
  actionId: string,
  metadata: JsonObject,
): Promise<ActionRow | null> {
  const row = await db({ DB: d1 })
    .update(actions)
    .set({ metadata })
    .where(and(eq(actions.id, actionId), eq(actions.agent_id, agentId)))
    .returning()
    .get();
  return row ?? null;
}

/** Deletes the agent's action; false when it was not the agent's. */
export async function deleteAgentAction(d1: D1Database, agentId: string, actionId: string): Promise<boolean> {
  const rows = await db({ DB: d1 })
    .delete(actions)
    .where(and(eq(actions.id, actionId), eq(actions.agent_id, agentId)))
    .returning({ id: actions.id })
    .all();
  return rows.length > 0;
}

/** Copies of actions for another agent, all written in one batch. */
export async function insertActions(d1: D1Database, rows: readonly NewAction[]): Promise<void> {
  if (rows.length === 0) return;
  const statement = d1.prepare(
    `INSERT INTO actions (id, action_id, agent_id, userId, metadata) VALUES (?1, ?1, ?2, ?3, ?4)`,
  );
  await d1.batch(
    rows.map((row) => statement.bind(row.actionId, row.agentId, row.userId, JSON.stringify(row.metadata))),
  );
}
