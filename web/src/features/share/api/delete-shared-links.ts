import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SharedLinksData } from './list-shared-links';
import { deleteShareLink } from './share-link-mutations';
import { shareKeys } from './share-keys';

/**
 * Deletes links from the manager, one DELETE each (the API has no bulk call). Optimistic: the
 * rows leave every cached page at once and all pages are put back if any delete fails, then
 * refetched, so the table shows what the server really holds.
 */
export function useDeleteSharedLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareIds: string[]) => {
      const results = await Promise.allSettled(shareIds.map(deleteShareLink));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    onMutate: async (shareIds) => {
      await queryClient.cancelQueries({ queryKey: shareKeys.lists });
      const previous = queryClient.getQueriesData<SharedLinksData>({ queryKey: shareKeys.lists });
      const gone = new Set(shareIds);
      queryClient.setQueriesData<SharedLinksData>(
        { queryKey: shareKeys.lists },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, links: page.links.filter((link) => !gone.has(link.shareId)) })),
          },
      );
      return { previous };
    },
    onError: (_error, _shareIds, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
    },
    onSettled: () => {
      // Per-conversation lookups may name a deleted link: let the dialog ask again.
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
    },
  });
}
