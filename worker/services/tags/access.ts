import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { AppEnv } from '../../env';
import { HttpError } from '../../http-error';
import { callerPermissions } from '../../middleware/permissions';
import { hasPermission } from '../roles/permissions';

/**
 * Bookmarks are gated by the role permission BOOKMARKS.USE (on by default for
 * both roles), as LibreChat gates its tags routes: an admin who switches it off for a role
 * takes the feature away from the API, not just from the menu. Mount after
 * requireAuthWithPermissions, which reads the permissions with the account.
 */
export const requireBookmarkAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!hasPermission(await callerPermissions(c), 'BOOKMARKS', 'USE')) {
    throw new HttpError(403, 'You are not allowed to use bookmarks', ERROR_CODES.forbidden);
  }
  await next();
};
