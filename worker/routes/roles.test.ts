import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '../db/schema';
import { hasPermission, loadRolePermissions } from '../services/roles/permissions';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

async function resetRoles() {
  for (const role of ['USER', 'ADMIN'] as const) {
    await env.DB.prepare('INSERT OR REPLACE INTO roles (name, permissions) VALUES (?1, ?2)')
      .bind(role, JSON.stringify(DEFAULT_ROLE_PERMISSIONS[role]))
      .run();
  }
}

afterEach(resetRoles);

describe('GET /api/roles/:role', () => {
  it('lets any signed-in user read USER, with the built-in defaults', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/roles/USER');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'USER', permissions: DEFAULT_ROLE_PERMISSIONS.USER });
  });

  it('answers 403 to a non-admin asking for ADMIN, and the permissions to an admin', async () => {
    const user = await createTestUser();
    expect((await callAs(user, '/api/roles/ADMIN')).status).toBe(403);
    const admin = await createTestUser({ role: 'ADMIN' });
    const res = await callAs(admin, '/api/roles/ADMIN');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'ADMIN', permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN });
  });

  it('answers 404 for an unknown role and 401 without a token', async () => {
    const admin = await createTestUser({ role: 'ADMIN' });
    expect((await callAs(admin, '/api/roles/OWNER')).status).toBe(404);
    expect((await callAs(admin, '/api/roles/user')).status).toBe(404);
    expect((await callAs(null, '/api/roles/USER')).status).toBe(401);
  });

  it('falls back to the defaults when the row is missing', async () => {
    await env.DB.prepare("DELETE FROM roles WHERE name = 'USER'").run();
    const user = await createTestUser();
    expect(await (await callAs(user, '/api/roles/USER')).json()).toEqual({
      name: 'USER',
      permissions: DEFAULT_ROLE_PERMISSIONS.USER,
    });
  });
});

describe('PUT /api/roles/:role/prompts|agents', () => {
  it('answers 403 to a non-admin and changes nothing', async () => {
    const user = await createTestUser();
    for (const group of ['prompts', 'agents']) {
      const res = await callAs(user, `/api/roles/USER/${group}`, 'PUT', { SHARED_GLOBAL: true });
      expect(res.status).toBe(403);
    }
    expect(await loadRolePermissions(env, 'USER')).toEqual(DEFAULT_ROLE_PERMISSIONS.USER);
  });

  it('merges the flags into that group only, for an admin', async () => {
    const admin = await createTestUser({ role: 'ADMIN' });
    const res = await callAs(admin, '/api/roles/USER/prompts', 'PUT', { SHARED_GLOBAL: true, CREATE: false });
    expect(res.status).toBe(200);
    const body = await res.json<{ name: string; permissions: typeof DEFAULT_ROLE_PERMISSIONS.USER }>();
    expect(body.name).toBe('USER');
    expect(body.permissions.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: false });
    expect(body.permissions.AGENTS).toEqual(DEFAULT_ROLE_PERMISSIONS.USER.AGENTS);

    const agents = await callAs(admin, '/api/roles/USER/agents', 'PUT', { USE: false });
    const after = await agents.json<{ permissions: typeof DEFAULT_ROLE_PERMISSIONS.USER }>();
    expect(after.permissions.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: false, CREATE: true });
    expect(after.permissions.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: false }); // kept

    const user = await createTestUser();
    const read = await (
      await callAs(user, '/api/roles/USER')
    ).json<{ permissions: typeof DEFAULT_ROLE_PERMISSIONS.USER }>();
    expect(read.permissions.AGENTS.USE).toBe(false);
  });

  it('updates the ADMIN role too, and recreates a missing row from the defaults', async () => {
    await env.DB.prepare("DELETE FROM roles WHERE name = 'ADMIN'").run();
    const admin = await createTestUser({ role: 'ADMIN' });
    const res = await callAs(admin, '/api/roles/ADMIN/prompts', 'PUT', { USE: false });
    expect(res.status).toBe(200);
    const { permissions } = await res.json<{ permissions: typeof DEFAULT_ROLE_PERMISSIONS.ADMIN }>();
    expect(permissions).toEqual({
      ...DEFAULT_ROLE_PERMISSIONS.ADMIN,
      PROMPTS: { SHARED_GLOBAL: true, USE: false, CREATE: true },
    });
  });

  it('validates the body and the role', async () => {
    const admin = await createTestUser({ role: 'ADMIN' });
    expect((await callAs(admin, '/api/roles/USER/prompts', 'PUT', { USE: 'yes' })).status).toBe(400);
    expect((await callAs(admin, '/api/roles/USER/prompts', 'PUT', { USE: 1 })).status).toBe(400);
    expect((await callAs(admin, '/api/roles/OWNER/prompts', 'PUT', { USE: true })).status).toBe(404);
    // Unknown flags are dropped, not stored.
    const res = await callAs(admin, '/api/roles/USER/prompts', 'PUT', { USE: true, DELETE_EVERYTHING: true });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT permissions FROM roles WHERE name = 'USER'").first<{
      permissions: string;
    }>();
    expect(row?.permissions).not.toContain('DELETE_EVERYTHING');
  });
});

describe('hasPermission / loadRolePermissions', () => {
  it('passes only for exactly true', () => {
    expect(hasPermission({ PROMPTS: { USE: true } }, 'PROMPTS', 'USE')).toBe(true);
    for (const value of ['true', 1, {}, [], null, undefined, false]) {
      expect(hasPermission({ PROMPTS: { USE: value } }, 'PROMPTS', 'USE')).toBe(false);
    }
    expect(hasPermission({ PROMPTS: { USE: true } }, 'PROMPTS', 'CREATE')).toBe(false);
    expect(hasPermission({ PROMPTS: 'USE' }, 'PROMPTS', 'USE')).toBe(false);
    expect(hasPermission({}, 'AGENTS', 'USE')).toBe(false);
    expect(hasPermission(null, 'AGENTS', 'USE')).toBe(false);
    expect(hasPermission(undefined, 'AGENTS', 'USE')).toBe(false);
  });

  it('turns a stored non-boolean flag into false instead of a default true', async () => {
    await env.DB.prepare("UPDATE roles SET permissions = ?1 WHERE name = 'USER'")
      .bind(JSON.stringify({ PROMPTS: { USE: 'true', CREATE: 1 }, BOOKMARKS: { USE: true } }))
      .run();
    const permissions = await loadRolePermissions(env, 'USER');
    expect(permissions.PROMPTS).toEqual({ SHARED_GLOBAL: false, USE: false, CREATE: false });
    expect(hasPermission(permissions, 'PROMPTS', 'USE')).toBe(false);
    expect(hasPermission(permissions, 'BOOKMARKS', 'USE')).toBe(true);
    expect(hasPermission(permissions, 'RUN_CODE', 'USE')).toBe(true); // default for a missing group
  });

  it('survives a corrupt row with the defaults', async () => {
    await env.DB.prepare("UPDATE roles SET permissions = 'not json' WHERE name = 'USER'").run();
    expect(await loadRolePermissions(env, 'USER')).toEqual(DEFAULT_ROLE_PERMISSIONS.USER);
  });
});
