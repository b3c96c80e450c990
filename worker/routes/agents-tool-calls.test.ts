import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionName, PermissionType } from '../contract/auth';
import { ERROR_CODES } from '../contract/errors';
import { MESSAGE_ID_REQUIRED, TOOL_CALL_LIMIT_MESSAGE, TOOL_NOT_FOUND, type ToolCallDoc } from '../contract/tool-calls';
import { insertToolCallsStatements, MAX_LISTED_TOOL_CALLS, type ToolCallRecord } from '../db/tool-calls';
import type { UserRow } from '../db/users';
import { loadRolePermissions, updateRolePermissions } from '../services/roles/permissions';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `body` with the USER role's `type` flags changed, then puts them back. */
async function withPermissions(
  type: PermissionType,
  flags: Partial<Record<PermissionName, boolean>>,
  body: () => Promise<void>,
): Promise<void> {
  const before = (await loadRolePermissions(env, 'USER'))[type] ?? {};
  await updateRolePermissions(env, 'USER', type, flags);
  try {
    await body();
  } finally {
    await updateRolePermissions(env, 'USER', type, before);
  }
}

function record(user: UserRow, conversationId: string, overrides: Partial<ToolCallRecord> = {}): ToolCallRecord {
  const callId = crypto.randomUUID();
  return {
    id: `run-1:${callId}`,
    userId: user.id,
    conversationId,
    messageId: 'reply-1',
    toolId: 'calculator',
    partIndex: 1,
    blockIndex: null,
    result: { output: '4', isError: false, name: 'calculator', args: '{"input":"2+2"}' },
    attachments: null,
    createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    ...overrides,
  };
}

async function save(records: ToolCallRecord[]): Promise<void> {
  await env.DB.batch(insertToolCallsStatements(env.DB, records));
}

const callsOf = (user: UserRow, conversationId: string) =>
  callAs(user, `/api/agents/tools/calls?conversationId=${encodeURIComponent(conversationId)}`);

describe('GET /api/agents/tools/calls', () => {
  it("lists the caller's records of the conversation in LibreChat's shape, in the reply's order", async () => {
    const user = await createTestUser();
    const conversationId = crypto.randomUUID();
    const first = record(user, conversationId, { partIndex: 1 });
    const second = record(user, conversationId, {
      partIndex: 3,
      toolId: 'listPets_action_pets---example---com',
      result: { output: 'Error processing tool x: boom', isError: true, name: 'x', args: '{}' },
      attachments: [{ fileId: 'f1', filename: 'a.png', filepath: '/images/a.png', type: 'image/png' }],
    });
    await save([second, first, record(user, crypto.randomUUID())]);

    const res = await callsOf(user, conversationId);
    expect(res.status).toBe(200);
    const docs = await res.json<ToolCallDoc[]>();
    expect(docs).toEqual([
      {
        _id: first.id,
        conversationId,
        messageId: 'reply-1',
        toolId: 'calculator',
        user: user.id,
        result: first.result,
        attachments: [],
        blockIndex: null,
        partIndex: 1,
        createdAt: '2026-01-02T03:04:05.000Z',
        updatedAt: '2026-01-02T03:04:05.000Z',
      },
      expect.objectContaining({ _id: second.id, partIndex: 3, result: second.result, attachments: second.attachments }),
    ]);
  });

  it("answers [] for another user's conversation", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const conversationId = crypto.randomUUID();
    await save([record(owner, conversationId)]);
    const res = await callsOf(other, conversationId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('lists at most the newest records a conversation may show', async () => {
    const user = await createTestUser();
    const conversationId = crypto.randomUUID();
    const many = Array.from({ length: MAX_LISTED_TOOL_CALLS + 5 }, (_, i) =>
      record(user, conversationId, { partIndex: i, createdAt: 1_000_000 + i }),
    );
    await save(many);
    const docs = await (await callsOf(user, conversationId)).json<ToolCallDoc[]>();
    expect(docs).toHaveLength(MAX_LISTED_TOOL_CALLS);
    expect(docs[0]?.partIndex).toBe(5);
    expect(docs.at(-1)?.partIndex).toBe(MAX_LISTED_TOOL_CALLS + 4);
  });

  it('needs AGENTS USE', async () => {
    const user = await createTestUser();
    await withPermissions('AGENTS', { USE: false }, async () => {
      const res = await callsOf(user, crypto.randomUUID());
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'Forbidden: Insufficient permissions' });
    });
  });

  it('answers 400 to a missing, empty or oversized conversationId', async () => {
    const user = await createTestUser();
    for (const query of ['', '?conversationId=', `?conversationId=${'c'.repeat(201)}`]) {
      const res = await callAs(user, `/api/agents/tools/calls${query}`);
      expect(res.status, query.slice(0, 30)).toBe(400);
      const body = await res.json<{ message: string; code: string }>();
      expect(body.code).toBe(ERROR_CODES.validation);
      expect(body.message).toContain('conversationId');
    }
  });
});

describe('POST /api/agents/tools/:toolId/call', () => {
  const body = { messageId: 'reply-1', conversationId: 'c-1', lang: 'python', code: 'print(1)', partIndex: 0 };
  const call = (user: UserRow, payload: unknown = body) =>
    callAs(user, '/api/agents/tools/execute_code/call', 'POST', payload);

  /** A fixed clock in the middle of a second: both requests fall in the same one-second window. */
  function freezeClock(): void {
    const now = Math.floor(Date.now() / 1000) * 1000 + 500;
    vi.spyOn(Date, 'now').mockReturnValue(now);
  }

  it('answers 404 Tool not found: no code runs on this server', async () => {
    const user = await createTestUser();
    const res = await call(user);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: TOOL_NOT_FOUND });
  });

  it('checks the body first: no messageId is a 400, even without RUN_CODE', async () => {
    const user = await createTestUser();
    for (const payload of [{ lang: 'python', code: 'x' }, { messageId: '' }, { messageId: 7 }, 'not an object']) {
      const res = await call(user, payload);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: MESSAGE_ID_REQUIRED });
    }
    await withPermissions('RUN_CODE', { USE: false }, async () => {
      expect((await call(user, {})).status).toBe(400);
    });
  });

  it('needs RUN_CODE USE, not AGENTS USE: a code block runs in any chat', async () => {
    const user = await createTestUser();
    await withPermissions('AGENTS', { USE: false }, async () => {
      expect((await call(user)).status).toBe(404);
    });
  });

  it('needs RUN_CODE USE', async () => {
    const user = await createTestUser();
    await withPermissions('RUN_CODE', { USE: false }, async () => {
      const res = await call(user);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'Forbidden: Insufficient permissions' });
    });
  });

  it('allows one call per second per user and counts the next as a tool_call_limit violation', async () => {
    freezeClock();
    const user = await createTestUser();
    const other = await createTestUser();
    expect((await call(user)).status).toBe(404);
    const limited = await call(user);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ message: TOOL_CALL_LIMIT_MESSAGE, code: 'tool_call_limit' });
    // Per user: someone else's call in the same second goes through.
    expect((await call(other)).status).toBe(404);
    const violations = await env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?')
      .bind(`violation:user:${user.id}`)
      .first<{ count: number }>();
    expect(violations?.count).toBe(1);
  });

  it('bans a user whose violations reach the threshold, with tool_call_limit as the reason', async () => {
    freezeClock();
    const user = await createTestUser();
    const vars = { BAN_INTERVAL: '1' };
    expect((await callAs(user, '/api/agents/tools/x/call', 'POST', body, vars)).status).toBe(404);
    expect((await callAs(user, '/api/agents/tools/x/call', 'POST', body, vars)).status).toBe(429);
    const ban = await env.DB.prepare('SELECT reason FROM bans WHERE key = ?')
      .bind(`user:${user.id}`)
      .first<{ reason: string }>();
    expect(ban?.reason).toBe('tool_call_limit');
    const banned = await callAs(user, '/api/agents/tools/x/call', 'POST', body, vars);
    expect(banned.status).toBe(403);
    expect(await banned.json()).toMatchObject({ code: ERROR_CODES.banned });
  });
});
