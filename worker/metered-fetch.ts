/**
 * The Worker's fetch with LOG_RESOURCE_USAGE on: the request runs on metered bindings and ends
 * with one `resource_usage` line saying what it used (logging/resource-meter.ts). What a
 * streamed answer costs after the handler returned (the run in its Durable Object) is on the
 * object's own line.
 */
import type { Env } from './env';
import { log } from './logging/logger';
import { ResourceMeter } from './logging/resource-meter';

type Fetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

export async function meteredFetch(fetch: Fetch, request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const meter = new ResourceMeter();
  const metered: Env = {
    ...env,
    DB: meter.d1(env.DB),
    CONFIG: meter.kv(env.CONFIG),
    FILES: meter.r2(env.FILES),
    CONVERSATION: meter.durableObjects(env.CONVERSATION),
  };
  const response = await fetch(request, metered, ctx);
  const url = new URL(request.url);
  log.info('resource_usage', {
    scope: 'request',
    method: request.method,
    path: url.pathname,
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    ...meter.take(),
  });
  return response;
}
