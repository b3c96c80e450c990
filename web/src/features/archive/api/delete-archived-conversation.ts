import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetConversation } from '@/shared/conversation/api/forget-conversation';
import { deleteConversation } from '@/shared/conversation/api/remove-conversation';
import { removeFromArchivedLists } from '../lib/archived-cache';

/** Deletes an archived chat: gone from the manager's lists and from every chat cache. */
export function useDeleteArchivedConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, conversationId) => {
      removeFromArchivedLists(queryClient, conversationId);
      forgetConversation(queryClient, conversationId);
    },
  });
}
