import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { ERROR_CODES } from '../contract/errors';
import { INSUFFICIENT_PERMISSIONS_MESSAGE } from '../contract/agents';
import { HttpError } from '../http-error';
import { currentUser } from '../middleware/auth';
import { requireAuthWithPermissions, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { abortRun } from '../services/chat/attach';
import {
  abortBodySchema,
  conversationIdOfAbortKey,
  sendBodySchema,
  type AbortBody,
  type SendBody,
} from '../contract/chat-request';
import { startSend } from '../services/chat/send';
import type { AgentRoute } from '../services/agents/agent-send';
import { loadAppConfig } from '../services/config/store';

/**
 * Chat with agents (mounted at /api/agents/chat), behind AGENTS USE and the config's
 * `interface.agents` (an operator who turns agents off takes them away from the API too):
 *
 * - `POST /` with `agent_id`: a saved agent answers (services/agents/agent-send.ts);
 * - `POST /{endpoint}` with `ephemeralAgent: {mcp}`: that endpoint answers with the tools of
 *   the MCP servers the user turned on;
 * - `POST /abort` and `POST /{endpoint}/abort` `{abortKey}`: stop the run, as for /api/ask.
 *
 * The stream is the one /api/ask streams (content parts and run steps), and an interrupted
 * stream is resumed the same way, at `GET /api/ask/stream/{conversationId}`.
 */
async function agentsEnabled(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  const config = await loadAppConfig(c.env);
  if (config.interface.agents === false)
    throw new HttpError(403, INSUFFICIENT_PERMISSIONS_MESSAGE, ERROR_CODES.forbidden);
  await next();
}

function send(c: Context<AppEnv>, routeEndpoint: string, body: SendBody, agent: AgentRoute) {
  const clientIp = c.req.header('cf-connecting-ip');
  return startSend({
    env: c.env,
    userId: currentUser(c).id,
    routeEndpoint,
    body,
    clientIp,
    requestId: c.var.requestId,
    agent,
  });
}

function abort(c: Context<AppEnv>, body: AbortBody) {
  return abortRun(c.env, currentUser(c).id, conversationIdOfAbortKey(body.abortKey), body.added ? 'added' : 'main');
}

export const agentsChat = new Hono<AppEnv>()
  .use('*', requireAuthWithPermissions, requirePermission('AGENTS', 'USE'), agentsEnabled)
  .post('/abort', validate('json', abortBodySchema), (c) => abort(c, c.req.valid('json')))
  .post('/:endpoint/abort', validate('json', abortBodySchema), (c) => abort(c, c.req.valid('json')))
  .post('/', validate('json', sendBodySchema), (c) =>
    send(c, 'agents', c.req.valid('json'), { kind: 'saved', origin: new URL(c.req.url).origin }),
  )
  .post('/:endpoint', validate('json', sendBodySchema), (c) =>
    send(c, c.req.param('endpoint'), c.req.valid('json'), { kind: 'ephemeral' }),
  );
