import { Hono } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { requireAuth } from '../middleware/auth';

/**
 * LibreChat's Assistants routes (`/api/assistants/v1|v2/…` and the assistants' avatar upload).
 * OpenAI and Azure retired the Assistants API on 2026-08-26, so no provider can serve them:
 * every one answers 410 Gone, saying so and pointing to agents, which run tools with any
 * provider. The endpoints are never listed (GET /api/endpoints), so only old clients and
 * scripts reach these. Signed-out callers get the usual 401 first.
 */
export const ASSISTANTS_RETIRED_MESSAGE =
  'The Assistants API was retired by OpenAI and Azure on 2026-08-26, so assistants cannot run here. Use agents instead: they call tools, actions and MCP servers with any provider.';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const gone = () => {
  throw new HttpError(410, ASSISTANTS_RETIRED_MESSAGE, ERROR_CODES.assistantsRetired);
};

/** Mounted at `/api/assistants`. */
export const assistantsGone = new Hono<AppEnv>().use(requireAuth).on(METHODS, '/', gone).on(METHODS, '/*', gone);

/** Mounted at `/api/files/images/assistants`: the assistants' avatar upload. */
export const assistantAvatarsGone = new Hono<AppEnv>().use(requireAuth).on(['POST'], '/:assistantId/avatar', gone);
