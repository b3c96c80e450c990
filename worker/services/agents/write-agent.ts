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
  type AgentCaller,
  type AgentChanges,
  type AgentRow,
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

export async function createAgent(env: Env, caller: AgentCaller, body: CreateAgentBody): Promise<AgentRow> {
  await checkRecursionLimit(env, body.recursion_limit);
  return insertAgent(env.DB, caller.userId, newAgentId(), { ...body, tools: body.tools ?? [] });
}

/** The sharing fields of a body: whether it has any, and the columns they set on `row`. */
export function sharingChanges(row: AgentRow, body: UpdateAgentBody): { touches: boolean; changes: AgentChanges } {
  const touches =
    body.projectIds !== undefined || body.removeProjectIds !== undefined || body.isCollaborative !== undefined;
  if (!touches) return { touches, changes: {} };
  const projects = new Set(row.projectIds);
  for (const id of body.projectIds ?? []) projects.add(id);
  for (const id of body.removeProjectIds ?? []) projects.delete(id);
  const sharing = sharingColumns([...projects], INSTANCE_PROJECT_ID);
  // An agent nobody else sees cannot be edited by others: unsharing ends collaboration too.
  const isCollaborative = sharing.isShared ? (body.isCollaborative ?? row.isCollaborative) : false;
  return { touches, changes: { ...sharing, isCollaborative } };
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
  const { projectIds: _add, removeProjectIds: _remove, isCollaborative: _collab, ...fields } = body;
  const changes: AgentChanges = { ...fields, ...sharingChanges(row, body).changes };
  if (Object.keys(changes).length === 0) return row;
  const updated = await updateAgentIfEditor(env.DB, caller, row.id, changes);
  if (!updated) throw agentNotFound();
  return updated;
}
