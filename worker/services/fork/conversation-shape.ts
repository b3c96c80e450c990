/**
 * The forked conversation in the shape `GET /api/convos/{id}` answers (contract/messages
 * `conversationResponseSchema`): set options only, as LibreChat's documents leave unset ones
 * out, and ISO dates. routes/convos.ts keeps its own copy private; the two should move to one
 * shared service when that route is next touched.
 */
import type { ConversationResponse } from '../../contract/messages';
import type { ConversationWithTags } from '../../db/conversations';
import { conversationOptionColumns } from '../../db/schema';

const OPTION_FIELDS = Object.keys(conversationOptionColumns()) as (keyof ReturnType<typeof conversationOptionColumns>)[];

export function toConversationResponse(row: ConversationWithTags): ConversationResponse {
  const options: Record<string, unknown> = {};
  for (const field of OPTION_FIELDS) {
    const value = row[field];
    if (value !== null && value !== undefined) options[field] = value;
  }
  return {
    ...options,
    conversationId: row.conversationId,
    user: row.userId,
    title: row.title,
    endpoint: row.endpoint,
    endpointType: row.endpointType,
    model: row.model,
    isArchived: row.isArchived,
    ...(row.isTemporary ? { isTemporary: true } : {}),
    expiredAt: row.expiredAt === null ? null : new Date(row.expiredAt).toISOString(),
    ...(row.thread_id !== null ? { thread_id: row.thread_id } : {}),
    tags: row.tags,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
