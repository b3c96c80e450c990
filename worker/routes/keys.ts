import { Hono } from 'hono';
import {
  deleteAllUserKeysQuerySchema,
  updateUserKeyBodySchema,
  userKeyQuerySchema,
  type UserKeyExpiry,
} from '../contract/auth';
import { USER_TOOL_KEY_PREFIX } from '../contract/user-plugins';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { credsKeyBytes } from '../services/crypto/creds-key';
import { deleteAllUserKeys, deleteUserKey, getUserKeyExpiry, saveUserKey } from '../services/user-keys/store';

/**
 * `/api/keys`: the signed-in user's own API keys. The user id always comes from the access
 * token; a `userId` (or anything else) in a body is ignored by the schema, and every query is
 * scoped by the token's user, so another user's key is indistinguishable from a missing one.
 *
 * A missing or expired key answers 404 on GET (expired keys count as missing).
 */
export const keys = new Hono<AppEnv>()
  .use('*', requireAuth)
  // Key operations refuse to start without a usable CREDS_KEY (500 with a clear message),
  // rather than failing halfway or, worse, storing keys in clear.
  .use('*', async (c, next) => {
    credsKeyBytes(c.env);
    await next();
  })
  .put('/', validate('json', updateUserKeyBodySchema), async (c) => {
    const { name, value, expiresAt } = c.req.valid('json');
    const expiry = expiresAt ? Date.parse(expiresAt) : null;
    await saveUserKey(c.env, currentUser(c).id, name, value, expiry);
    return c.body(null, 201);
  })
  .get('/', validate('query', userKeyQuerySchema), async (c) => {
    const found = await getUserKeyExpiry(c.env, currentUser(c).id, c.req.valid('query').name);
    if (!found) throw new HttpError(404, 'Key not found', 'not_found');
    const body: UserKeyExpiry = {
      expiresAt: found.expiresAt === null ? null : new Date(found.expiresAt).toISOString(),
    };
    return c.json(body);
  })
  .delete('/', validate('query', deleteAllUserKeysQuerySchema), async (c) => {
    // Deleting everything must be asked for explicitly, never the result of a missing name.
    if (c.req.valid('query').all !== 'true')
      throw new HttpError(400, 'Use DELETE /api/keys/{name}, or ?all=true to delete every key');
    // The endpoint keys only: the user's tool credentials are uninstalled with their tools.
    await deleteAllUserKeys(c.env, currentUser(c).id, USER_TOOL_KEY_PREFIX);
    return c.body(null, 204);
  })
  .delete('/:name', async (c) => {
    const name = userKeyQuerySchema.shape.name.safeParse(c.req.param('name'));
    if (!name.success) throw new HttpError(400, 'name is required');
    await deleteUserKey(c.env, currentUser(c).id, name.data);
    return c.body(null, 204);
  });
