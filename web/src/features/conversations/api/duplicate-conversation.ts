import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DuplicateConversationRequest, DuplicateConversationResponse } from '@contract/convos';
import { request } from '@/lib/api/request';
import { editList, prependToList } from '@/shared/conversation/api/list-cache';
import { toListItem } from '@/shared/conversation/api/to-list-item';

/** `POST /api/convos/duplicate {conversationId}`: the copy and its messages. */
export const duplicateConversation = (conversationId: string) =>
  request<DuplicateConversationResponse>('/api/convos/duplicate', {
    method: 'POST',
    json: { conversationId } satisfies DuplicateConversationRequest,
  });

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
