import type { Context } from 'hono';
import { AGENT_NOT_FOUND_MESSAGE, agentIdSchema } from '../../contract/agents';
import { ERROR_CODES } from '../../contract/errors';
import { findVisibleAgent, type AgentCaller, type AgentRow } from '../../db/agents';
import type { AppEnv } from '../../env';
import { HttpError } from '../../http-error';
import { currentUser } from '../../middleware/auth';

/**
 * Who may do what with an agent. Seeing it: its author, and everyone once it is shared with
 * the instance. Editing: the author; an admin; anyone it is shared with when it is
 * collaborative. Deleting: the author or an admin. Another user's private agent is "not
 * found" to everyone, admins included: nobody learns that it exists.
 */

export function callerOf(c: Context<AppEnv>): AgentCaller {
  const user = currentUser(c);
  return { userId: user.id, isAdmin: user.role === 'ADMIN' };
}

export function mayEdit(row: AgentRow, caller: AgentCaller): boolean {
  return row.userId === caller.userId || caller.isAdmin || (row.isShared && row.isCollaborative);
}

export function mayDelete(row: AgentRow, caller: AgentCaller): boolean {
  return row.userId === caller.userId || caller.isAdmin;
}

export const agentNotFound = () => new HttpError(404, AGENT_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);

/** The agent named by the path's `id` if the caller sees it; 404 for anything else, malformed ids included. */
export async function visibleAgentOr404(c: Context<AppEnv>): Promise<AgentRow> {
  const id = agentIdSchema.safeParse(c.req.param('id'));
  const row = id.success ? await findVisibleAgent(c.env.DB, currentUser(c).id, id.data) : null;
  if (!row) throw agentNotFound();
  return row;
}
