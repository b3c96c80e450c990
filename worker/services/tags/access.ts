import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { AppEnv } from '../../env';
import { HttpError } from '../../http-error';
import { currentUser } from '../../middleware/auth';
import { hasPermission, loadRolePermissions } from '../roles/permissions';

/**
 * Bookmarks are gated by the role permission BOOKMARKS.USE (on by default for
 * both roles), as LibreChat gates its tags routes: an admin who switches it off for a role
 * takes the feature away from the API, not just from the menu. Mount after requireAuth.
 */
export const requireBookmarkAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const permissions = await loadRolePermissions(c.env, currentUser(c).role);
  if (!hasPermission(permissions, 'BOOKMARKS', 'USE')) {
    throw new HttpError(403, 'You are not allowed to use bookmarks', ERROR_CODES.forbidden);
  }
  await next();
};
