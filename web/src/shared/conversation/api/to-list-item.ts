import type { ConversationResponse } from '@contract/messages';
import type { ConversationListItem } from './conversation-list-types';

/** A whole conversation (`GET /api/convos/{id}`, update, duplicate, a stream's `final`) as a list row. */
export function toListItem(conversation: ConversationResponse): ConversationListItem {
  return {
    conversationId: conversation.conversationId,
    title: conversation.title,
    endpoint: conversation.endpoint,
    model: conversation.model,
    isArchived: conversation.isArchived,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
  };
}
