import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Gives every request an id (echoed as `X-Request-Id`, Cloudflare's ray id when there is one)
 * so an error a user reports can be found in the logs. Successful requests are not logged
 * here: Workers Logs (`[observability]` in wrangler.toml) already records each invocation's
 * method, path, status and duration, and a second line per request would only cost CPU.
 */
export const requestLogging: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  await next();
  c.header('X-Request-Id', requestId);
};

/** One structured line per unexpected error, joined to its request by `requestId`. */
export function logError(requestId: string | undefined, error: unknown): void {
  console.error(
    JSON.stringify({
      level: 'error',
      requestId,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    }),
  );
}
