import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForkResponse } from '@contract/fork';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { editList, prependToList } from '@/shared/conversation/api/list-cache';
import { toListItem } from '@/shared/conversation/api/to-list-item';
import { request } from '@/lib/api/request';
import { type ForkChoice, forkRequestBody } from '../lib/fork-request';

/** `POST /api/convos/fork`: the new conversation and its messages. */
export const forkConversation = (choice: ForkChoice) =>
  request<ForkResponse>('/api/convos/fork', { method: 'POST', json: forkRequestBody(choice) });

/**
 * The fork is the newest conversation: it goes to the top of the sidebar's list, and its
 * conversation and messages are cached so opening it draws at once, without refetching.
 */
export function useForkConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forkConversation,
    onSuccess: ({ conversation, messages }) => {
      editList(queryClient, false, (data) => prependToList(data, toListItem(conversation)));
      queryClient.setQueryData(chatKeys.messages(conversation.conversationId), messages);
      queryClient.setQueryData(chatKeys.conversation(conversation.conversationId), conversation);
    },
  });
}
