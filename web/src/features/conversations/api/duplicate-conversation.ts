import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationResponse } from '@contract/messages';
import { request } from '@/lib/api/request';
import { editList, prependToList } from '@/shared/conversation/api/list-cache';
import { toListItem } from '@/shared/conversation/api/to-list-item';

/** `POST /api/convos/duplicate {conversationId}`: the copy and its messages. */
export const duplicateConversation = (conversationId: string) =>
  request<{ conversation: ConversationResponse; messages: unknown[] }>('/api/convos/duplicate', { method: 'POST', json: { conversationId } });

/** The copy is the newest conversation: it goes to the top of the list. */
export function useDuplicateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateConversation,
    onSuccess: ({ conversation }) => {
      editList(queryClient, false, (data) => prependToList(data, toListItem(conversation)));
    },
  });
}
