import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { BAN_MESSAGE } from '../services/rate-limit/bans';
import { ipSubject } from '../services/rate-limit/client-ip';
import { checkLimit } from '../services/rate-limit/limiter';
import type { LimitKind } from '../services/rate-limit/limits';

/**
 * Per-IP limit of an account route (login, register, password reset, verification email).
 * Mount it before validation, so malformed floods count too. A banned IP gets 403 `ban`; an
 * IP over the limit gets 429 with the limit's code and a Retry-After header.
 */
export function rateLimit(kind: LimitKind): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const decision = await checkLimit(c.env, kind, ipSubject(c.req.header('cf-connecting-ip')));
    if (decision.outcome === 'banned') return c.json({ message: BAN_MESSAGE, code: ERROR_CODES.banned }, 403);
    if (decision.outcome === 'limited') {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return c.json({ message: decision.message, code: decision.code }, 429);
    }
    await next();
  };
}
