import { Hono } from 'hono';
import type { ModelsResponse } from '../contract/messages';
import type { AppEnv, Env } from '../env';
import type { Logger } from '../logging/logger';
import { currentUser, requireAuth } from '../middleware/auth';
import { listModels } from '../services/models';
import type { UserCredentials } from '../services/targets/openai';
import { parseStoredValue } from '../services/chat/user-credentials';
import { isUserProvided } from '../services/config/env-reference';
import type { CustomEndpointConfig } from '../services/config/schema-endpoints';
import { loadAppConfig } from '../services/config/store';
import { buildEndpointsConfig } from '../services/endpoints-config';
import { getUserKey } from '../services/user-keys/store';

/**
 * The user's own key (and base URL) for each `user_provided` custom endpoint whose model list
 * is fetched from the provider: only those need one here, so only those cost a D1 read. A key
 * that cannot be read (none, expired, undecryptable) leaves that endpoint on its configured
 * list instead of failing the whole answer.
 */
async function credentialsForFetch(
  env: Env,
  userId: string,
  endpoints: readonly CustomEndpointConfig[],
  logger: Logger,
): Promise<Map<string, UserCredentials>> {
  const needed = endpoints.filter(
    (endpoint) => endpoint.models.fetch && (isUserProvided(endpoint.apiKey) || isUserProvided(endpoint.baseURL)),
  );
  const found = await Promise.all(
    needed.map(async (endpoint) => {
      try {
        const value = await getUserKey(env, userId, endpoint.name);
        return value === null ? null : ([endpoint.name, parseStoredValue(value)] as const);
      } catch (error) {
        logger.warn('models_user_key_unreadable', { endpoint: endpoint.name, error: String(error) });
        return null;
      }
    }),
  );
  return new Map(found.filter((entry) => entry !== null));
}

/**
 * `GET /api/models` → `{ [endpoint]: string[] }` for the endpoints `GET /api/endpoints` lists
 * (the same configuration decides both, so the model menu never offers an endpoint the
 * endpoint menu hides). Custom endpoints with `models.fetch: true` ask the provider (cached
 * per isolate, see services/models.ts) with the system key or the caller's own.
 */
export const models = new Hono<AppEnv>().get('/', requireAuth, async (c) => {
  const config = await loadAppConfig(c.env);
  const configured = buildEndpointsConfig(config, c.env);
  const customs = (config.endpoints?.custom ?? []).filter((endpoint) => configured[endpoint.name]?.type === 'custom');
  const credentials = await credentialsForFetch(c.env, currentUser(c).id, customs, c.var.log);
  const lists = await listModels({
    env: c.env,
    // Only the listed custom endpoints: a hidden one must not cost a fetch.
    endpoints: { ...config.endpoints, custom: customs },
    userCredentials: (name) => credentials.get(name),
    // Resolved at call time, so a test's replaced global fetch is the one used.
    fetchFn: (input, init) => fetch(input, init),
  });
  const body: ModelsResponse = {};
  for (const name of Object.keys(configured)) body[name] = lists[name] ?? [];
  return c.json(body);
});
