import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateConversationRequest } from '@contract/convos';
import type { ConversationResponse } from '@contract/messages';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { request } from '@/lib/api/request';
import { editList, findInList, type ListData, patchInList } from './list-cache';
import { convoKeys } from './convo-keys';

/** `POST /api/convos/update {arg: {conversationId, title?, isArchived?}}`: the conversation as saved. */
export const updateConversation = (arg: UpdateConversationRequest['arg']) =>
  request<ConversationResponse>('/api/convos/update', {
    method: 'POST',
    json: { arg } satisfies UpdateConversationRequest,
  });

type RenameVariables = { conversationId: string; title: string };

/** Sets the title on the list row and, when cached, on the open conversation (its header). */
function showTitle(queryClient: ReturnType<typeof useQueryClient>, conversationId: string, title: string) {
  editList(queryClient, false, (data) => patchInList(data, conversationId, { title }));
  queryClient.setQueryData<ConversationResponse>(chatKeys.conversation(conversationId), (old) =>
    old ? { ...old, title } : old,
  );
}

/**
 * Rename, shown at once (optimistic) and put back when the server refuses: the row keeps its
 * place, since a rename is not activity that should move it to the top.
 */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, title }: RenameVariables) => updateConversation({ conversationId, title }),
    onMutate: ({ conversationId, title }) => {
      const previous = findInList(
        queryClient.getQueryData<ListData>(convoKeys.list({ isArchived: false })),
        conversationId,
      )?.title;
      showTitle(queryClient, conversationId, title);
      return { previous };
    },
    onError: (_error, { conversationId }, context) => {
      if (context?.previous !== undefined) showTitle(queryClient, conversationId, context.previous);
    },
  });
}
