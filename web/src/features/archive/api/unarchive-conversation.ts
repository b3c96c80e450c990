import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { editList, prependToList } from '@/shared/conversation/api/list-cache';
import { updateConversation } from '@/shared/conversation/api/rename-conversation';
import { toListItem } from '@/shared/conversation/api/to-list-item';
import { removeFromArchivedLists } from '../lib/archived-cache';

/**
 * Unarchive: the chat leaves the manager and comes back to the sidebar. The server stamps
 * `updatedAt` on the change, so it belongs at the top of the sidebar's newest-first list.
 */
export function useUnarchiveConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => updateConversation({ conversationId, isArchived: false }),
    onSuccess: (conversation, conversationId) => {
      removeFromArchivedLists(queryClient, conversationId);
      editList(queryClient, false, (data) => prependToList(data, toListItem(conversation)));
      if (queryClient.getQueryData(chatKeys.conversation(conversationId)))
        queryClient.setQueryData(chatKeys.conversation(conversationId), conversation);
    },
  });
}
