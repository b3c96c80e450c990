import { Hono } from 'hono';
import { ROLES, rolePermissionsUpdateSchema, type Role, type RoleResponse } from '../contract/auth';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAdmin, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { loadRolePermissions, updateRolePermissions } from '../services/roles/permissions';

function roleFromParam(value: string): Role {
  const role = ROLES.find((name) => name === value);
  if (!role) throw new HttpError(404, 'Role not found', 'not_found');
  return role;
}

/**
 * `/api/roles`. Everyone signed in reads USER (the SPA needs its own permissions); ADMIN only
 * admins. Only admins change permissions; the admin check comes before the role
 * lookup so a non-admin learns nothing about which roles exist.
 */
export const roles = new Hono<AppEnv>()
  .use('*', requireAuth)
  .get('/:role', async (c) => {
    const role = roleFromParam(c.req.param('role'));
    if (role === 'ADMIN' && currentUser(c).role !== 'ADMIN') throw new HttpError(403, 'Forbidden', 'forbidden');
    const body: RoleResponse = { name: role, permissions: await loadRolePermissions(c.env, role) };
    return c.json(body);
  })
  // The groups the admin settings dialog edits (as in LibreChat: prompts and agents).
  .put('/:role/prompts', requireAdmin, validate('json', rolePermissionsUpdateSchema), async (c) => {
    const role = roleFromParam(c.req.param('role'));
    const permissions = await updateRolePermissions(c.env, role, 'PROMPTS', c.req.valid('json'));
    return c.json({ name: role, permissions } satisfies RoleResponse);
  })
  .put('/:role/agents', requireAdmin, validate('json', rolePermissionsUpdateSchema), async (c) => {
    const role = roleFromParam(c.req.param('role'));
    const permissions = await updateRolePermissions(c.env, role, 'AGENTS', c.req.valid('json'));
    return c.json({ name: role, permissions } satisfies RoleResponse);
  });
