import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Gives every request an id (echoed as `X-Request-Id`) and writes one structured log line per
 * request, so logs in `wrangler tail` and Workers Logs can be filtered and joined.
 */
export const requestLogging: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  const startedAt = Date.now();
  await next();
  c.header('X-Request-Id', requestId);
  console.log(
    JSON.stringify({
      level: c.res.status >= 500 ? 'error' : 'info',
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - startedAt,
    }),
  );
};

export function logError(requestId: string | undefined, error: unknown): void {
  console.error(
    JSON.stringify({
      level: 'error',
      requestId,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    }),
  );
}
