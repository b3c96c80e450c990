import type { QueryClient } from '@tanstack/react-query';
import type { ConversationResponse } from '@contract/messages';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import { findInList, type ListData, patchInList, prependToList } from '@/shared/conversation/api/list-cache';
import { toListItem } from '@/shared/conversation/api/to-list-item';

const CONVERSATION_KEY_PREFIX = chatKeys.conversation('')[0];

/**
 * Reflects a conversation the chat wrote (`chatKeys.conversation(id)`: a reply's `final`, a
 * generated title, a fetch) in the sidebar's list, so new chats appear and titles change
 * without refetching the list. Newer activity moves the row to the top (the list is sorted by
 * `updatedAt`); a conversation not listed is added only when it belongs at the top, since an
 * older one opened by link sits on a page not loaded yet.
 */
export function syncConversationIntoList(queryClient: QueryClient, conversation: ConversationResponse): void {
  if (conversation.isArchived || conversation.isTemporary) return;
  const item = toListItem(conversation);
  queryClient.setQueryData<ListData>(convoKeys.list({ isArchived: false }), (data) => {
    if (!data) return data;
    const listed = findInList(data, item.conversationId);
    if (listed) {
      if (item.updatedAt > listed.updatedAt) return prependToList(data, item);
      if (listed.title === item.title) return data;
      return patchInList(data, item.conversationId, { title: item.title });
    }
    const newest = data.pages[0]?.conversations[0];
    const allLoaded = data.pages.at(-1)?.nextCursor === null;
    return !newest || allLoaded || item.updatedAt >= newest.updatedAt ? prependToList(data, item) : data;
  });
}

/** Watches the query cache for conversation writes; returns the unsubscribe. */
export function subscribeListToChat(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [prefix, conversationId] = event.query.queryKey;
    if (prefix !== CONVERSATION_KEY_PREFIX || typeof conversationId !== 'string') return;
    const data = event.query.state.data as ConversationResponse | undefined;
    if (data?.conversationId === conversationId) syncConversationIntoList(queryClient, data);
  });
}
