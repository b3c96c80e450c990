import { Hono, type Context } from 'hono';
import { agentIdSchema } from '../contract/agents';
import { ACTION_MESSAGES, actionIdSchema, saveActionBodySchema } from '../contract/agent-actions';
import { ERROR_CODES } from '../contract/errors';
import { listActions } from '../db/actions';
import { findVisibleAgent, type AgentRow } from '../db/agents';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { requireAuthWithPermissions, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { callerOf } from '../services/agents/access';
import { deleteAction } from '../services/agents/actions/delete-action';
import { toApiAction } from '../services/agents/actions/metadata';
import { agentNotFoundFor, InvalidSpecError, saveAgentAction } from '../services/agents/actions/save-action';
import { toApiAgent } from '../services/agents/to-api-agent';

/** The agent named by `agent_id` if the caller sees it; `message` is LibreChat's 404 for the route. */
async function visibleAgent(c: Context<AppEnv>, message: string): Promise<AgentRow> {
  const id = agentIdSchema.safeParse(c.req.param('agent_id'));
  const row = id.success ? await findVisibleAgent(c.env.DB, callerOf(c).userId, id.data) : null;
  if (!row) throw agentNotFoundFor(message);
  return row;
}

/**
 * `/api/agents/actions`: the OpenAPI actions of agents. Only an agent's editors add, change
 * or remove its actions; another user's private agent is not found. Secrets are sealed at rest
 * and never answered.
 */
export const agentActions = new Hono<AppEnv>()
  .use('*', requireAuthWithPermissions, requirePermission('AGENTS', 'USE'))
  .get('/', async (c) => {
    const caller = callerOf(c);
    const rows = await listActions(c.env.DB, caller.isAdmin ? null : caller.userId);
    return c.json(rows.map(toApiAction));
  })
  .post('/:agent_id', validate('json', saveActionBodySchema), async (c) => {
    const caller = callerOf(c);
    const row = await visibleAgent(c, ACTION_MESSAGES.agentNotFoundForAdd);
    try {
      const { agent, action } = await saveAgentAction(c.env, caller, row, c.req.valid('json'));
      return c.json([toApiAgent(agent, caller), toApiAction(action)]);
    } catch (error) {
      if (!(error instanceof InvalidSpecError)) throw error;
      const list = error.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
      return c.json(
        { message: `${error.message}: ${list}`, code: ERROR_CODES.validation, errors: error.problems },
        400,
      );
    }
  })
  .delete('/:agent_id/:action_id', async (c) => {
    const row = await visibleAgent(c, ACTION_MESSAGES.agentNotFoundForDelete);
    const actionId = actionIdSchema.safeParse(c.req.param('action_id'));
    if (!actionId.success) throw new HttpError(404, ACTION_MESSAGES.actionNotFound, ERROR_CODES.notFound);
    await deleteAction(c.env.DB, callerOf(c), row, actionId.data);
    return c.json({ message: ACTION_MESSAGES.deleted });
  });
