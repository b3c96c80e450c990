import {
  AGENT_LIMITS,
  INSTANCE_PROJECT_ID,
  NOT_EDITOR_MESSAGE,
  type CreateAgentBody,
  type UpdateAgentBody,
} from '../../contract/agents';
import { ERROR_CODES } from '../../contract/errors';
import {
  insertAgent,
  sharingColumns,
  updateAgentIfEditor,
  visibleAgentIds,
  type AgentCaller,
  type AgentRow,
  type AgentSharing,
} from '../../db/agents';
import { HttpError } from '../../http-error';
import { loadAppConfig } from '../config/store';
import { agentNotFound, mayEdit } from './access';

/** `agent_` and 21 characters of nanoid's alphabet, as LibreChat names agents. */
export function newAgentId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return `agent_${Array.from(bytes, (byte) => alphabet[byte & 63]).join('')}`;
}

/** A recursion limit above the config's `endpoints.agents.maxRecursionLimit` is refused, not silently capped. */
async function checkRecursionLimit(env: { CONFIG: KVNamespace }, limit: number | null | undefined): Promise<void> {
  if (limit === null || limit === undefined) return;
  const config = await loadAppConfig(env);
  const max = config.endpoints?.agents?.maxRecursionLimit ?? AGENT_LIMITS.defaultMaxRecursionLimit;
  if (limit > max) {
    throw new HttpError(400, `recursion_limit must be at most ${max}`, ERROR_CODES.validation);
  }
}

type Env = { DB: D1Database; CONFIG: KVNamespace };

/**
 * A chain names only agents the caller may use (own or shared), never the agent itself, each
 * once. An unknown id and another user's private agent get the same answer, so a chain cannot
 * be used to learn which private agents exist. Ids the agent's chain already holds may stay: a
 * collaborative editor saving the agent keeps the author's choices they cannot see.
 */
async function checkChain(
  db: D1Database,
  caller: AgentCaller,
  ids: readonly string[] | undefined,
  self: string | null,
  kept: readonly string[] = [],
) {
  if (!ids || ids.length === 0) return;
  if (self !== null && ids.includes(self))
    throw new HttpError(400, 'agent_ids: an agent cannot be chained to itself', ERROR_CODES.validation);
  if (new Set(ids).size !== ids.length)
    throw new HttpError(400, 'agent_ids: each agent may appear once', ERROR_CODES.validation);
  const added = ids.filter((id) => !kept.includes(id));
  const usable = await visibleAgentIds(db, caller.userId, added);
  const unusable = added.find((id) => !usable.has(id));
  if (unusable !== undefined)
    throw new HttpError(400, `agent_ids: ${unusable} is not an agent you can use`, ERROR_CODES.validation);
}

export async function createAgent(env: Env, caller: AgentCaller, body: CreateAgentBody): Promise<AgentRow> {
  await checkRecursionLimit(env, body.recursion_limit);
  await checkChain(env.DB, caller, body.agent_ids, null);
  return insertAgent(env.DB, caller.userId, newAgentId(), { ...body, tools: body.tools ?? [] });
}

/** Whether a PATCH body changes sharing (which needs AGENTS SHARED_GLOBAL). */
export function touchesSharing(body: UpdateAgentBody): boolean {
  return body.projectIds !== undefined || body.removeProjectIds !== undefined || body.isCollaborative !== undefined;
}

/** The sharing columns after applying the body's additions and removals to `row`'s. */
function sharingAfter(row: AgentRow, body: UpdateAgentBody): AgentSharing {
  const projects = new Set(row.projectIds);
  for (const id of body.projectIds ?? []) projects.add(id);
  for (const id of body.removeProjectIds ?? []) projects.delete(id);
  return sharingColumns([...projects], INSTANCE_PROJECT_ID, body.isCollaborative ?? row.isCollaborative);
}

/**
 * Applies a PATCH the route has authorised (visible, sharing permission checked). Refuses a
 * caller who may not edit; the update re-checks that in its WHERE, so a concurrent unshare or
 * delete answers 404 instead of writing.
 */
export async function updateAgent(
  env: Env,
  caller: AgentCaller,
  row: AgentRow,
  body: UpdateAgentBody,
): Promise<AgentRow> {
  if (!mayEdit(row, caller)) throw new HttpError(403, NOT_EDITOR_MESSAGE, ERROR_CODES.forbidden);
  await checkRecursionLimit(env, body.recursion_limit);
  await checkChain(env.DB, caller, body.agent_ids, row.id, row.agent_ids ?? []);
  const { projectIds: _add, removeProjectIds: _remove, isCollaborative: _collaborative, ...changes } = body;
  const sharing = touchesSharing(body) ? sharingAfter(row, body) : undefined;
  if (Object.keys(changes).length === 0 && !sharing) return row;
  const updated = await updateAgentIfEditor(env.DB, caller, row.id, changes, sharing);
  if (!updated) throw agentNotFound();
  return updated;
}
