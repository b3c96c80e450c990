import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteSharedLinkResult, SharedLinkLookup, SharedLinkResult } from '@contract/share';
import { request } from '@/lib/api/request';
import { shareKeys } from './share-keys';

/** `POST /api/share/{conversationId}`: creates the link (or answers the existing one). */
export const createShareLink = (conversationId: string) =>
  request<SharedLinkResult>(`/api/share/${encodeURIComponent(conversationId)}`, { method: 'POST' });

/** `PATCH /api/share/{shareId}`: a new id for the link; the old address stops working. */
export const refreshShareLink = (shareId: string) =>
  request<SharedLinkResult>(`/api/share/${encodeURIComponent(shareId)}`, { method: 'PATCH' });

/** `DELETE /api/share/{shareId}`. */
export const deleteShareLink = (shareId: string) =>
  request<DeleteSharedLinkResult>(`/api/share/${encodeURIComponent(shareId)}`, { method: 'DELETE' });

function storeLink(queryClient: QueryClient, result: SharedLinkResult) {
  const lookup: SharedLinkLookup = { success: true, shareId: result.shareId, conversationId: result.conversationId };
  queryClient.setQueryData(shareKeys.link(result.conversationId), lookup);
  // The manager's pages hold the old id (or lack the new link): fetch them again when shown.
  void queryClient.invalidateQueries({ queryKey: shareKeys.lists });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShareLink, onSuccess: (result) => storeLink(queryClient, result) });
}

export function useRefreshShareLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refreshShareLink, onSuccess: (result) => storeLink(queryClient, result) });
}

type DeleteVariables = { shareId: string; conversationId: string };

/**
 * Deleting from the dialog is optimistic: the dialog shows "no link" at once and
 * the lookup is put back if the server refuses.
 */
export function useDeleteShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId }: DeleteVariables) => deleteShareLink(shareId),
    onMutate: async ({ conversationId }) => {
      const key = shareKeys.link(conversationId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SharedLinkLookup>(key);
      const none: SharedLinkLookup = { success: false, shareId: null, conversationId };
      queryClient.setQueryData(key, none);
      return { previous };
    },
    onError: (_error, { conversationId }, context) => {
      if (context?.previous) queryClient.setQueryData(shareKeys.link(conversationId), context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: shareKeys.lists }),
  });
}
