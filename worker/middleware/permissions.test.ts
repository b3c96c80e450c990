import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../env';
import { withAgentsPermissions } from '../services/agents/test-helpers';
import { updateRolePermissions } from '../services/roles/permissions';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { requireAuth } from './auth';
import { handleError } from './errors';
import { callerPermissions, requirePermission } from './permissions';

/** A small app behind the middleware under test, answering with what the handler saw. */
const app = new Hono<AppEnv>()
  .use('*', requireAuth)
  .get('/create', requirePermission('AGENTS', 'CREATE'), (c) => c.text('created'))
  .get('/twice', requirePermission('AGENTS', 'USE'), async (c) => {
    const first = await callerPermissions(c);
    // A change made during the request is not seen by it: one read per request.
    await updateRolePermissions(env, 'USER', 'AGENTS', { CREATE: false });
    const second = await callerPermissions(c);
    return c.json({ same: first === second, create: second.AGENTS?.CREATE });
  });
app.onError(handleError);

async function call(path: string, headers: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://app.test${path}`, { headers }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('requirePermission', () => {
  it('passes when the flag is exactly true, and answers 403 otherwise', async () => {
    const headers = await authHeader(await createTestUser());
    expect(await (await call('/create', headers)).text()).toBe('created');
    await withAgentsPermissions('USER', { CREATE: false }, async () => {
      const res = await call('/create', headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Forbidden: Insufficient permissions', code: 'forbidden' });
    });
    // A stored "true" string is not permission.
    const stored = await env.DB.prepare("SELECT permissions FROM roles WHERE name = 'USER'").first<string>(
      'permissions',
    );
    await env.DB.prepare(
      `UPDATE roles SET permissions = json_set(permissions, '$.AGENTS.CREATE', 'true') WHERE name = 'USER'`,
    ).run();
    try {
      expect((await call('/create', headers)).status).toBe(403);
    } finally {
      await env.DB.prepare("UPDATE roles SET permissions = ?1 WHERE name = 'USER'").bind(stored).run();
    }
    expect((await call('/create', headers)).status).toBe(200);
  });

  it("reads the caller's role permissions once per request", async () => {
    const headers = await authHeader(await createTestUser());
    await withAgentsPermissions('USER', {}, async () => {
      expect(await (await call('/twice', headers)).json()).toEqual({ same: true, create: true });
    });
  });
});
