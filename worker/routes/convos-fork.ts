import { Hono, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import { forkBodySchema } from '../contract/fork';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { forkConversation } from '../services/fork/fork-conversation';
import { checkForkLimit, FORK_LIMIT_MESSAGE } from '../services/fork/limit';

/**
 * Counts the fork before the body is validated, so malformed floods count too; answers 429
 * with Retry-After over the limit (services/fork/limit.ts).
 */
const forkLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const decision = await checkForkLimit(c.env.DB, currentUser(c).id);
  if (!decision.allowed) {
    c.header('Retry-After', String(decision.retryAfterSeconds));
    return c.json({ message: FORK_LIMIT_MESSAGE, code: ERROR_CODES.forkLimit }, 429);
  }
  await next();
};

/**
 * `POST /api/convos/fork`: `{conversationId, messageId, option?, splitAtTarget?,
 * latestMessageId?}` → 200 `{conversation, messages}`, a new conversation of the caller's.
 * Mounted on `/api/convos` before the main conversations router, with its own auth, so it
 * does not depend on that router's middleware.
 */
export const convosFork = new Hono<AppEnv>()
  .use('/fork', requireAuth)
  .post('/fork', forkLimit, validate('json', forkBodySchema), async (c) => {
    return c.json(await forkConversation(c.env.DB, currentUser(c).id, c.req.valid('json')));
  });
