import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { log, type Logger } from '../logging/logger';

/**
 * Gives every request an id (echoed as `X-Request-Id`, Cloudflare's ray id when there is one)
 * and a logger that stamps it on every line (`c.var.log`), so an error a user reports can be
 * found in the logs. Successful requests are not logged here: Workers Logs (`[observability]`
 * in wrangler.toml) already records each invocation's method, path, status and duration, and
 * a second line per request would only cost CPU.
 */
export const requestLogging: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('log', log.with({ requestId }));
  await next();
  c.header('X-Request-Id', requestId);
};

/** One line per unexpected error, with its stack: the request's logger joins it to the request. */
export function logError(logger: Logger, error: unknown): void {
  logger.error('unexpected_error', {
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
}
