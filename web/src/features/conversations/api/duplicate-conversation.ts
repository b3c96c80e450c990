import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DuplicateConversationRequest, DuplicateConversationResponse } from '@contract/convos';
import { request } from '@/lib/api/request';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { editList, prependToList } from '@/shared/conversation/api/list-cache';
import { toListItem } from '@/shared/conversation/api/to-list-item';

/** `POST /api/convos/duplicate {conversationId, title}`: the copy, under `title`, and its messages. */
export const duplicateConversation = (body: DuplicateConversationRequest) =>
  request<DuplicateConversationResponse>('/api/convos/duplicate', { method: 'POST', json: body });

/**
 * The copy is the newest conversation: it goes to the top of the list, and its conversation
 * and messages are cached so opening it draws at once.
 */
export function useDuplicateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateConversation,
    onSuccess: ({ conversation, messages }) => {
      editList(queryClient, false, (data) => prependToList(data, toListItem(conversation)));
      queryClient.setQueryData(chatKeys.messages(conversation.conversationId), messages);
      queryClient.setQueryData(chatKeys.conversation(conversation.conversationId), conversation);
    },
  });
}
