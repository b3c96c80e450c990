import { Hono } from 'hono';
import { ROLES, rolePermissionsUpdateSchema, type Role, type RoleResponse } from '../contract/auth';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, readWithAccount, requireAdmin, requireAuth, requireToken } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { permissionsOfRow, rolePermissionsStatement, updateRolePermissions } from '../services/roles/permissions';

function roleFromParam(value: string): Role {
  const role = ROLES.find((name) => name === value);
  if (!role) throw new HttpError(404, 'Role not found', 'not_found');
  return role;
}

/**
 * `/api/roles`. Everyone signed in reads USER (the SPA needs its own permissions); ADMIN only
 * admins (a non-admin's read of it is refused before anything of it is answered). Only admins
 * change permissions; on those routes the admin check comes before the role lookup, so a
 * non-admin learns nothing about which roles exist.
 */
export const roles = new Hono<AppEnv>()
  // Every page asks for its user's role: the role's row is read with the account, in one batch.
  .get('/:role', requireToken, async (c) => {
    const role = roleFromParam(c.req.param('role'));
    const [row] = await readWithAccount(c, [rolePermissionsStatement(c.env.DB, role)]);
    if (role === 'ADMIN' && currentUser(c).role !== 'ADMIN') throw new HttpError(403, 'Forbidden', 'forbidden');
    const body: RoleResponse = { name: role, permissions: permissionsOfRow(role, row?.results[0]) };
    return c.json(body);
  })
  // The groups the admin settings dialog edits (as in LibreChat: prompts and agents).
  .put('/:role/prompts', requireAuth, requireAdmin, validate('json', rolePermissionsUpdateSchema), async (c) => {
    const role = roleFromParam(c.req.param('role'));
    const permissions = await updateRolePermissions(c.env, role, 'PROMPTS', c.req.valid('json'));
    return c.json({ name: role, permissions } satisfies RoleResponse);
  })
  .put('/:role/agents', requireAuth, requireAdmin, validate('json', rolePermissionsUpdateSchema), async (c) => {
    const role = roleFromParam(c.req.param('role'));
    const permissions = await updateRolePermissions(c.env, role, 'AGENTS', c.req.valid('json'));
    return c.json({ name: role, permissions } satisfies RoleResponse);
  });
