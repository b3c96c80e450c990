import { Hono } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import {
  MESSAGE_ID_REQUIRED,
  TOOL_CALL_LIMIT_MESSAGE,
  TOOL_NOT_FOUND,
  callToolBodySchema,
  toolCallsQuerySchema,
  type ToolCallDoc,
} from '../contract/tool-calls';
import { listToolCalls, type ToolCallRow } from '../db/tool-calls';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { assertPermission, requireAuthWithPermissions, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { checkToolCallLimit } from '../services/agents/tool-call-limit';
import { BAN_MESSAGE } from '../services/rate-limit/bans';

/**
 * `/api/agents/tools/calls` and `/api/agents/tools/:toolId/call`: the records of the tool calls
 * made in a conversation, and the run of a message's code block. Mounted before the agents
 * router and any other `/api/agents/tools` router, with its middleware on its own routes only,
 * so `calls` is never taken for a tool id and the other routes keep their own checks.
 */
export const agentToolCalls = new Hono<AppEnv>()
  .get(
    '/calls',
    requireAuthWithPermissions,
    requirePermission('AGENTS', 'USE'),
    validate('query', toolCallsQuerySchema),
    async (c) => {
      // The caller's id is in the query: another user's conversation simply has no rows.
      const rows = await listToolCalls(c.env.DB, currentUser(c).id, c.req.valid('query').conversationId);
      return c.json(rows.map(toToolCallDoc));
    },
  )
  .post('/:toolId/call', requireAuth, async (c) => {
    const body = callToolBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) throw new HttpError(400, MESSAGE_ID_REQUIRED, ERROR_CODES.validation);
    await assertPermission(c, 'RUN_CODE', 'USE');
    const decision = await checkToolCallLimit(c.env, currentUser(c).id);
    if (decision.outcome === 'banned') throw new HttpError(403, BAN_MESSAGE, ERROR_CODES.banned);
    if (decision.outcome === 'limited') {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return c.json({ message: TOOL_CALL_LIMIT_MESSAGE, code: ERROR_CODES.toolCallLimit }, 429);
    }
    // No code runtime runs on this server, so no tool can be called from a code block.
    throw new HttpError(404, TOOL_NOT_FOUND, ERROR_CODES.notFound);
  });

function toToolCallDoc(row: ToolCallRow): ToolCallDoc {
  const createdAt = new Date(row.createdAt).toISOString();
  return {
    _id: row.id,
    conversationId: row.conversationId,
    messageId: row.messageId,
    toolId: row.toolId,
    user: row.userId,
    result: parsed(row.result),
    attachments: toArray(parsed(row.attachments)),
    blockIndex: row.blockIndex,
    partIndex: row.partIndex,
    createdAt,
    // A record is written once and never changed.
    updatedAt: createdAt,
  };
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
