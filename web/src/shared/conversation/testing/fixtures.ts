import type { ConversationResponse } from '@contract/messages';
import type { ConversationListItem, ConversationPage } from '../api/conversation-list-types';
import type { ListData } from '../api/list-cache';

/** A list row updated `minutesAgo` before 2024-05-15T12:00Z. */
export function listItem(id: string, minutesAgo = 0, title = `Chat ${id}`): ConversationListItem {
  const at = new Date(Date.UTC(2024, 4, 15, 12) - minutesAgo * 60_000).toISOString();
  return {
    conversationId: id,
    title,
    endpoint: 'openAI',
    model: 'gpt-4o',
    isArchived: false,
    createdAt: at,
    updatedAt: at,
  };
}

export const page = (conversations: ConversationListItem[], nextCursor: string | null = null): ConversationPage => ({
  conversations,
  nextCursor,
});

export const listData = (...pages: ConversationPage[]): ListData => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});

/** A whole conversation as `GET /api/convos/{id}` (or a stream's `final`) carries it. */
export function conversation(
  item: ConversationListItem,
  overrides: Partial<ConversationResponse> = {},
): ConversationResponse {
  return {
    conversationId: item.conversationId,
    user: 'u1',
    title: item.title,
    endpoint: item.endpoint,
    endpointType: null,
    model: item.model,
    isArchived: item.isArchived,
    expiredAt: null,
    tags: [],
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    ...overrides,
  };
}
