import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@contract/tags';
import { request } from '@/lib/api/request';
import { removeTag } from '../lib/tag-list';
import { editConversationTags, editTags, invalidateTaggedLists } from './tag-caches';

/** `DELETE /api/tags/{tag}`: the deleted bookmark; it leaves every conversation that had it. */
export const deleteTag = (name: string): Promise<Tag> =>
  request<Tag>(`/api/tags/${encodeURIComponent(name)}`, { method: 'DELETE' });

/** Deletes a bookmark; the open conversations and filtered lists lose it too. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: (_deleted, name) => {
      editTags(queryClient, (tags) => removeTag(tags, name));
      editConversationTags(queryClient, (tags) => tags.filter((other) => other !== name));
      // The filter drops the name by itself (use-tag-filter); lists that had it are refetched.
      void invalidateTaggedLists(queryClient);
    },
  });
}
