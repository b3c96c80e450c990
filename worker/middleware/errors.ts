import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { logError } from './logging';

/** Unknown paths are a real 404 in the API's error shape, never the SPA's index.html. */
export function handleNotFound(c: Context<AppEnv>) {
  return c.json({ message: `Not found: ${c.req.method} ${c.req.path}`, code: ERROR_CODES.notFound }, 404);
}

/**
 * The single place errors become responses: an {@link HttpError} keeps its status, message
 * and code; anything unexpected is logged with the request id and answered with a generic
 * message — never a stack trace.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof HttpError) {
    return c.json({ message: error.message, ...(error.code ? { code: error.code } : {}) }, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ message: error.message || 'Request refused.' }, error.status);
  }
  logError(c.var.log, error);
  return c.json({ message: 'Something went wrong. Please try again.', code: ERROR_CODES.internal }, 500);
}
