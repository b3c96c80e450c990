import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, UpdateTagBody } from '@contract/tags';
import { request } from '@/lib/api/request';
import { renameInTagFilter } from '../lib/tag-filter-store';
import { moveTag, replaceTag } from '../lib/tag-list';
import { editConversationTags, editTags, invalidateTaggedLists } from './tag-caches';
import { tagKeys } from './tag-keys';

/**
 * `PUT /api/tags/{tag} {tag?, description?, position?}`: the bookmark as saved. A new name
 * that is taken is a 409; an unknown bookmark a 404. Positions are 1-based.
 */
export const updateTag = (name: string, body: UpdateTagBody): Promise<Tag> =>
  request<Tag>(`/api/tags/${encodeURIComponent(name)}`, { method: 'PUT', json: body });

type EditVariables = { name: string; changes: Pick<UpdateTagBody, 'tag' | 'description'> };

/** Renames or describes a bookmark; a rename follows into open conversations and the filter. */
export function useEditTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, changes }: EditVariables) => updateTag(name, changes),
    onSuccess: (updated, { name }) => {
      editTags(queryClient, (tags) => replaceTag(tags, name, updated));
      if (updated.tag === name) return;
      editConversationTags(queryClient, (tags) => tags.map((other) => (other === name ? updated.tag : other)));
      renameInTagFilter(name, updated.tag);
      void invalidateTaggedLists(queryClient);
    },
  });
}

type MoveVariables = { name: string; from: number; to: number };

/**
 * Moves a bookmark from index `from` to index `to` (0-based) of the list: shown at once, the
 * server told the new 1-based position, and the old order put back if it refuses.
 */
export function useMoveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, to }: MoveVariables) => updateTag(name, { position: to + 1 }),
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries({ queryKey: tagKeys.all });
      const previous = queryClient.getQueryData<Tag[]>(tagKeys.all);
      editTags(queryClient, (tags) => moveTag(tags, from, to));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(tagKeys.all, context.previous);
    },
  });
}
