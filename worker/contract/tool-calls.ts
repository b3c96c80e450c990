import { z } from 'zod';
import { MAX_ID_CHARS } from './ids';
import { conversationIdSchema } from './messages';

/*
 * `GET /api/agents/tools/calls` and `POST /api/agents/tools/:toolId/call`. Messages are
 * LibreChat's, word for word: its client shows them as they are.
 */

export const TOOL_NOT_FOUND = 'Tool not found';
export const MESSAGE_ID_REQUIRED = 'Message ID required';
export const TOOL_CALL_LIMIT_MESSAGE = 'Too many tool call requests. Try again later';

export const toolCallsQuerySchema = z.object({ conversationId: conversationIdSchema });

/** The body of a code block's run: only the message it belongs to is checked (no tool runs here). */
export const callToolBodySchema = z.looseObject({
  messageId: z.string().min(1).max(MAX_ID_CHARS),
});

/** A tool call record as LibreChat's client reads it. */
export interface ToolCallDoc {
  _id: string;
  conversationId: string;
  messageId: string;
  toolId: string;
  user: string;
  result: unknown;
  attachments: unknown[];
  blockIndex: number | null;
  partIndex: number | null;
  createdAt: string;
  updatedAt: string;
}
