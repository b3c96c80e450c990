import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetConversation } from '@/features/conversations/api/forget-conversation';
import { deleteConversation } from '@/features/conversations/api/remove-conversation';
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
