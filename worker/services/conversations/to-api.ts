import type {
  ConversationListItem as ApiConversationListItem,
  DeleteConversationsResponse,
} from '../../contract/convos';
import type { ConversationResponse } from '../../contract/messages';
import type { ConversationListItem, ConversationWithTags } from '../../db/conversations';
import { conversationOptionColumns } from '../../db/schema';

/** The option fields a conversation answers: exactly the option columns (no internal ones). */
const OPTION_FIELDS = Object.keys(conversationOptionColumns()) as (keyof ReturnType<
  typeof conversationOptionColumns
>)[];

/** A stored conversation as `GET /api/convos/{id}`, update and duplicate answer it. */
export function toApiConversation(row: ConversationWithTags): ConversationResponse {
  const options: Record<string, unknown> = {};
  for (const field of OPTION_FIELDS) {
    const value = row[field];
    // Unset options are left out, as in LibreChat's documents; the client fills its defaults.
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

/** A list row as `GET /api/convos` answers it. */
export function toApiListItem(userId: string, item: ConversationListItem): ApiConversationListItem {
  return {
    ...item,
    user: userId,
    createdAt: new Date(item.createdAt).toISOString(),
    updatedAt: new Date(item.updatedAt).toISOString(),
  };
}

export function toDeleteResponse(result: { deletedCount: number; messageCount: number }): DeleteConversationsResponse {
  return {
    acknowledged: true,
    deletedCount: result.deletedCount,
    messages: { acknowledged: true, deletedCount: result.messageCount },
  };
}
