import type { MessageSearchHit, MessageSearchPage } from '@contract/search';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '@contract/search-marks';

/** A search hit as the server sends it; the snippet marks `term` inside `before … after`. */
export function searchHit(id: string, overrides: Partial<MessageSearchHit> = {}): MessageSearchHit {
  return {
    messageId: `m-${id}`,
    conversationId: `c-${id}`,
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    sender: 'User',
    text: `Message ${id} about zebras`,
    isCreatedByUser: true,
    endpoint: 'openAI',
    model: 'gpt-4o',
    title: `Conversation ${id}`,
    snippet: `Message ${id} about ${SEARCH_MARK_START}zebras${SEARCH_MARK_END}`,
    searchResult: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const searchPage = (messages: MessageSearchHit[], nextCursor: string | null = null): MessageSearchPage => ({
  messages,
  nextCursor,
});
