import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { currentUser, requireAuth, requireToken, tokenUserId } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { abortRun, resumeRun } from '../services/chat/attach';
import {
  abortBodySchema,
  conversationIdOfAbortKey,
  conversationParamSchema,
  resumeQuerySchema,
  type AbortBody,
  sendBodySchema,
  type SendBody,
} from '../contract/chat-request';
import { startSend } from '../services/chat/send';
import { PLUGINS_ENDPOINT } from '../services/agents/plugins-send';

/**
 * The chat engine's routes (mounted at /api), each authenticated on its own — no `*`
 * middleware, which would reach every other /api route mounted beside these:
 *
 * - `POST /ask/{endpoint}`, `POST /edit/{endpoint}` (openAI, azureOpenAI, google, anthropic,
 *   custom — the custom endpoint's name in the body's `endpoint`; gptPlugins, LibreChat's legacy
 *   plugins, runs as an ephemeral agent on OpenAI with the body's `tools`) and `POST /bedrock/chat`:
 *   send a message; answers the run's SSE stream. Behind `requireToken`: the send reads the
 *   account in the same round trip as its other reads (services/chat/send).
 * - `POST {those}/abort` `{abortKey, endpoint}`: stop the run; the final JSON, 204 or 404.
 * - `GET /ask/stream/{conversationId}`: re-attach to the conversation's live run (replay from
 *   its start, then live frames, then `final`); 204 when no run is live. `?added=1` (resume) and
 *   `added: true` (abort) name the turn's second reply (the `+` command, services/chat/added-send).
 */
function send(c: Context<AppEnv>, routeEndpoint: string, body: SendBody) {
  const clientIp = c.req.header('cf-connecting-ip');
  // Legacy plugins run as an ephemeral agent on OpenAI with the body's tools (services/agents/plugins-send).
  const agent = routeEndpoint === PLUGINS_ENDPOINT ? { kind: 'plugins' as const } : undefined;
  return startSend({
    env: c.env,
    userId: tokenUserId(c),
    routeEndpoint,
    body,
    clientIp,
    requestId: c.var.requestId,
    ...(agent ? { agent } : {}),
  });
}

function abort(c: Context<AppEnv>, body: AbortBody) {
  return abortRun(c.env, currentUser(c).id, conversationIdOfAbortKey(body.abortKey), body.added ? 'added' : 'main');
}

export const ask = new Hono<AppEnv>()
  .get(
    '/ask/stream/:conversationId',
    requireAuth,
    validate('param', conversationParamSchema),
    validate('query', resumeQuerySchema),
    (c) =>
      resumeRun(
        c.env,
        currentUser(c).id,
        c.req.valid('param').conversationId,
        c.req.valid('query').added ? 'added' : 'main',
      ),
  )
  .post('/ask/:endpoint/abort', requireAuth, validate('json', abortBodySchema), (c) => abort(c, c.req.valid('json')))
  .post('/edit/:endpoint/abort', requireAuth, validate('json', abortBodySchema), (c) => abort(c, c.req.valid('json')))
  .post('/bedrock/chat/abort', requireAuth, validate('json', abortBodySchema), (c) => abort(c, c.req.valid('json')))
  .post('/ask/:endpoint', requireToken, validate('json', sendBodySchema), (c) =>
    send(c, c.req.param('endpoint'), c.req.valid('json')),
  )
  .post('/edit/:endpoint', requireToken, validate('json', sendBodySchema), (c) =>
    send(c, c.req.param('endpoint'), c.req.valid('json')),
  )
  .post('/bedrock/chat', requireToken, validate('json', sendBodySchema), (c) =>
    send(c, 'bedrock', c.req.valid('json')),
  );
