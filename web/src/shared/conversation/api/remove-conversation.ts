import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteConversationRequest, DeleteConversationsResponse } from '@contract/convos';
import { request } from '@/lib/api/request';
import { forgetConversation } from './forget-conversation';
import { updateConversation } from './rename-conversation';

/** `DELETE /api/convos {arg: {conversationId}}`. */
export const deleteConversation = (conversationId: string) =>
  request<DeleteConversationsResponse>('/api/convos', {
    method: 'DELETE',
    json: { arg: { conversationId } } satisfies DeleteConversationRequest,
  });

export type RemoveKind = 'delete' | 'archive';

type RemoveOptions = {
  /**
   * Called once the server has agreed, before the caches are cleared: the caller leaves the
   * chat if it is the open one, so the screen never refetches what is being forgotten.
   */
  onRemoved?: (conversationId: string) => void;
};

/** Delete or archive: either way the conversation leaves the sidebar and the chat's caches. */
export function useRemoveConversation(kind: RemoveKind, { onRemoved }: RemoveOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string): Promise<unknown> =>
      kind === 'delete' ? deleteConversation(conversationId) : updateConversation({ conversationId, isArchived: true }),
    onSuccess: (_data, conversationId) => {
      onRemoved?.(conversationId);
      forgetConversation(queryClient, conversationId);
    },
  });
}
