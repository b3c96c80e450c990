import type { Context, MiddlewareHandler } from 'hono';
import type { PermissionName, PermissionType, RolePermissions } from '../contract/auth';
import { INSUFFICIENT_PERMISSIONS_MESSAGE } from '../contract/agents';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import {
  hasPermission,
  loadRolePermissions,
  permissionsOfRow,
  userRolePermissionsStatement,
} from '../services/roles/permissions';
import { currentUser, readWithAccount, requireToken, tokenUserId } from './auth';

/** One read of the roles table per request, however many checks the request makes. */
const perRequest = new WeakMap<Request, Promise<RolePermissions>>();

/** The signed-in caller's role permissions (behind `requireAuth`). */
export function callerPermissions(c: Context<AppEnv>): Promise<RolePermissions> {
  let permissions = perRequest.get(c.req.raw);
  if (!permissions) {
    permissions = loadRolePermissions(c.env, currentUser(c).role);
    perRequest.set(c.req.raw, permissions);
  }
  return permissions;
}

/**
 * requireAuth for the routes gated by requirePermission (or callerPermissions): the account and
 * its role's permissions in one D1 batch, one round trip instead of the account's and then the
 * role's, in a row.
 */
export const requireAuthWithPermissions: MiddlewareHandler<AppEnv> = (c, next) =>
  requireToken(c, async () => {
    const [role] = await readWithAccount(c, [userRolePermissionsStatement(c.env.DB, tokenUserId(c))]);
    perRequest.set(c.req.raw, Promise.resolve(permissionsOfRow(currentUser(c).role, role?.results[0])));
    await next();
  });

/** Refuses with 403 unless the caller's role has `type`.`name` set to exactly true. */
export async function assertPermission(c: Context<AppEnv>, type: PermissionType, name: PermissionName): Promise<void> {
  if (!hasPermission(await callerPermissions(c), type, name)) {
    throw new HttpError(403, INSUFFICIENT_PERMISSIONS_MESSAGE, ERROR_CODES.forbidden);
  }
}

/**
 * The role-permission gate for routes, e.g. `requirePermission('AGENTS', 'USE')`: an admin who
 * switches a flag off for a role takes the feature away from the API, not just from the menu.
 * Mount after `requireAuthWithPermissions` (or `requireAuth`, at the cost of a second read).
 */
export function requirePermission(type: PermissionType, name: PermissionName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertPermission(c, type, name);
    await next();
  };
}
