import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { editList, removeFromList } from './list-cache';

/**
 * A deleted or archived conversation leaves the sidebar and the chat's caches:
 * nothing of it is shown again from memory. The archive's own list is refetched when next shown.
 */
export function forgetConversation(queryClient: QueryClient, conversationId: string): void {
  editList(queryClient, false, (data) => removeFromList(data, conversationId));
  editList(queryClient, true, (data) => removeFromList(data, conversationId));
  queryClient.removeQueries({ queryKey: chatKeys.conversation(conversationId), exact: true });
  queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId), exact: true });
}
