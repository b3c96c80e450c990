import { Hono } from 'hono';
import {
  AGENT_LIMITS,
  NOT_DELETER_MESSAGE,
  createAgentBodySchema,
  listAgentsQuerySchema,
  updateAgentBodySchema,
  type AgentList,
  type DuplicateAgentResult,
} from '../contract/agents';
import { ERROR_CODES } from '../contract/errors';
import { deleteAgentIfAllowed, listAgents } from '../db/agents';
import { InvalidCursorError } from '../db/paging';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { assertPermission, requireAuthWithPermissions, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { agentNotFound, callerOf, mayDelete, mayEdit, visibleAgentOr404 } from '../services/agents/access';
import { cloneAgentActions } from '../services/agents/actions/clone';
import { toApiAction } from '../services/agents/actions/metadata';
import { copyAgentAvatar, storedAgentAvatarKey } from '../services/agents/avatar';
import { duplicateAgent } from '../services/agents/duplicate-agent';
import { toAgentListItem, toApiAgent, toPublicAgent } from '../services/agents/to-api-agent';
import { createAgent, touchesSharing, updateAgent } from '../services/agents/write-agent';

/**
 * `/api/agents`: the agents a user builds and those shared with the whole instance. Every
 * route needs AGENTS USE; creating and copying need CREATE; sharing needs SHARED_GLOBAL.
 * Another user's private agent answers 404 on every route. Chatting with an agent is
 * routes/agents-chat.ts.
 */
export const agents = new Hono<AppEnv>()
  .use('*', requireAuthWithPermissions, requirePermission('AGENTS', 'USE'))
  .get('/', validate('query', listAgentsQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const caller = callerOf(c);
    try {
      const { rows, hasMore } = await listAgents(c.env.DB, caller.userId, {
        limit: query.limit ?? AGENT_LIMITS.pageDefault,
        ...(query.after ? { after: query.after } : {}),
        ...(query.search ? { search: query.search } : {}),
      });
      const body: AgentList = {
        object: 'list',
        data: rows.map((row) => toAgentListItem(row, caller)),
        first_id: rows[0]?.id ?? null,
        last_id: rows.at(-1)?.id ?? null,
        has_more: hasMore,
      };
      return c.json(body);
    } catch (error) {
      if (error instanceof InvalidCursorError) {
        throw new HttpError(400, 'after must be the id of an agent you can see', ERROR_CODES.validation);
      }
      throw error;
    }
  })
  .post('/', requirePermission('AGENTS', 'CREATE'), validate('json', createAgentBodySchema), async (c) => {
    const caller = callerOf(c);
    const row = await createAgent(c.env, caller, c.req.valid('json'));
    return c.json(toApiAgent(row, caller), 201);
  })
  .get('/:id', async (c) => {
    const caller = callerOf(c);
    const row = await visibleAgentOr404(c);
    return c.json(mayEdit(row, caller) ? toApiAgent(row, caller) : toPublicAgent(row, caller));
  })
  .patch('/:id', validate('json', updateAgentBodySchema), async (c) => {
    const caller = callerOf(c);
    const row = await visibleAgentOr404(c);
    const body = c.req.valid('json');
    if (touchesSharing(body)) await assertPermission(c, 'AGENTS', 'SHARED_GLOBAL');
    return c.json(toApiAgent(await updateAgent(c.env, caller, row, body), caller));
  })
  .post('/:id/duplicate', requirePermission('AGENTS', 'CREATE'), async (c) => {
    const caller = callerOf(c);
    const row = await visibleAgentOr404(c);
    const copy = await copyAgentAvatar(c.env, caller, row, await duplicateAgent(c.env.DB, caller, row));
    const actions = await cloneAgentActions(c.env, caller, row, copy);
    const body: DuplicateAgentResult = { agent: toApiAgent(copy, caller), actions: actions.map(toApiAction) };
    return c.json(body, 201);
  })
  .delete('/:id', async (c) => {
    const caller = callerOf(c);
    const row = await visibleAgentOr404(c);
    if (!mayDelete(row, caller)) throw new HttpError(403, NOT_DELETER_MESSAGE, ERROR_CODES.forbidden);
    if (!(await deleteAgentIfAllowed(c.env.DB, caller, row.id))) throw agentNotFound();
    const avatarKey = storedAgentAvatarKey(row);
    if (avatarKey) await c.env.FILES.delete(avatarKey);
    return c.json({ message: 'Agent deleted' });
  });
