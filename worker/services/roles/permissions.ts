import {
  PERMISSION_NAMES,
  PERMISSION_TYPES,
  type PermissionName,
  type PermissionType,
  type Role,
  type RolePermissions,
} from '../../contract/auth';
import { DEFAULT_ROLE_PERMISSIONS } from '../../db/schema';

/**
 * Role permissions: a map type → name → flag per role, stored as JSON in the
 * `roles` table and falling back to the built-in defaults for anything missing.
 */

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A permission map read from anywhere: the flags' types are not trusted. */
type UntrustedPermissions = Readonly<Record<string, unknown>> | null | undefined;

/**
 * The one permission check: passes only when the flag is exactly `true`. A stored `'true'`,
 * `1` or `{}` is not permission (LibreChat's rule, and the safe reading of a corrupt row).
 */
export function hasPermission(permissions: UntrustedPermissions, type: PermissionType, name: PermissionName): boolean {
  const group = permissions?.[type];
  return isRecord(group) && group[name] === true;
}

/**
 * The role's effective permissions: the defaults, overlaid with the stored flags. Only known
 * types and names are kept; a stored flag that is not a boolean becomes `false` (it must not
 * silently fall back to a default `true`).
 */
export function mergeWithDefaults(role: Role, stored: unknown): RolePermissions {
  const defaults: Readonly<Record<string, Readonly<Record<string, boolean>>>> = DEFAULT_ROLE_PERMISSIONS[role];
  const result: RolePermissions = {};
  for (const type of PERMISSION_TYPES) {
    const storedGroup = isRecord(stored) && isRecord(stored[type]) ? stored[type] : {};
    const group: Partial<Record<PermissionName, boolean>> = { ...defaults[type] };
    for (const name of PERMISSION_NAMES) {
      if (!(name in storedGroup)) continue;
      group[name] = storedGroup[name] === true;
    }
    if (Object.keys(group).length > 0) result[type] = group;
  }
  return result;
}

/** The permissions of `role` from D1, defaults where the row or a flag is missing. */
export async function loadRolePermissions(env: { DB: D1Database }, role: Role): Promise<RolePermissions> {
  return permissionsOfRow(role, await rolePermissionsStatement(env.DB, role).first());
}

/** The row loadRolePermissions reads, for a batch of the caller's: read it with permissionsOfRow. */
export function rolePermissionsStatement(d1: D1Database, role: Role): D1PreparedStatement {
  return d1.prepare('SELECT permissions FROM roles WHERE name = ?1').bind(role);
}

/**
 * The permissions of the role user `userId` holds, for a batch that reads the account too
 * (middleware/permissions.ts): read its row with permissionsOfRow.
 */
export function userRolePermissionsStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return d1.prepare('SELECT permissions FROM roles WHERE name = (SELECT role FROM users WHERE id = ?1)').bind(userId);
}

/** A `roles` row's permissions for `role` (null: no row), defaults where the row or a flag is missing. */
export function permissionsOfRow(role: Role, row: Record<string, unknown> | null | undefined): RolePermissions {
  let stored: unknown = {};
  try {
    stored = typeof row?.permissions === 'string' ? JSON.parse(row.permissions) : {};
  } catch {
    stored = {}; // a corrupt row: the defaults keep the app usable
  }
  return mergeWithDefaults(role, stored);
}

/**
 * Merges `flags` into one group of the role in a single statement (SQLite's `json_patch`,
 * RFC 7396): two admins saving different groups at once cannot overwrite each other.
 * A missing row is created from the defaults first.
 */
export async function updateRolePermissions(
  env: { DB: D1Database },
  role: Role,
  type: PermissionType,
  flags: Partial<Record<PermissionName, boolean>>,
): Promise<RolePermissions> {
  const patch = JSON.stringify({ [type]: flags });
  await env.DB.prepare(
    `INSERT INTO roles (name, permissions) VALUES (?1, json_patch(?2, ?3))
     ON CONFLICT (name) DO UPDATE SET permissions = json_patch(roles.permissions, ?3), updatedAt = ?4`,
  )
    .bind(role, JSON.stringify(DEFAULT_ROLE_PERMISSIONS[role]), patch, Date.now())
    .run();
  return loadRolePermissions(env, role);
}
