import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetConversationTagsBody, Tag } from '@contract/tags';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { request } from '@/lib/api/request';
import { withCountChanges } from '../lib/tag-list';
import { editTags, invalidateTaggedLists, setConversationTagsInCache } from './tag-caches';
import { tagKeys } from './tag-keys';

/** `PUT /api/tags/convo/{id} {tags}`: exactly these bookmarks on the conversation; answers its names. */
export const setConversationTags = (conversationId: string, tags: string[]): Promise<string[]> =>
  request<string[]>(`/api/tags/convo/${encodeURIComponent(conversationId)}`, {
    method: 'PUT',
    json: { tags } satisfies SetConversationTagsBody,
  });

type SetTagsVariables = { conversationId: string; tags: string[] };

/**
 * Sets a conversation's bookmarks, shown at once (the checkmark and the counts) and put back
 * when the server refuses. Each call sends the whole set computed from the cache, which
 * already holds the previous toggles, so quick toggles in a row add up instead of racing.
 */
export function useSetConversationTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, tags }: SetTagsVariables) => setConversationTags(conversationId, tags),
    onMutate: async ({ conversationId, tags }) => {
      const conversationKey = chatKeys.conversation(conversationId);
      await queryClient.cancelQueries({ queryKey: conversationKey });
      const previousTags = queryClient.getQueryData<Tag[]>(tagKeys.all);
      const previousNames = queryClient.getQueryData<ChatConversation>(conversationKey)?.tags ?? [];
      setConversationTagsInCache(queryClient, conversationId, tags);
      editTags(queryClient, (list) => withCountChanges(list, previousNames, tags));
      return { previousTags, previousNames };
    },
    onError: (_error, { conversationId }, context) => {
      if (!context) return;
      setConversationTagsInCache(queryClient, conversationId, context.previousNames);
      if (context.previousTags) queryClient.setQueryData(tagKeys.all, context.previousTags);
    },
    onSuccess: (saved, { conversationId }) => {
      setConversationTagsInCache(queryClient, conversationId, saved);
      // A name the list does not know was created by the server: read the list again.
      const known = queryClient.getQueryData<Tag[]>(tagKeys.all);
      if (!known || saved.some((name) => !known.some((tag) => tag.tag === name)))
        void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
    onSettled: () => invalidateTaggedLists(queryClient),
  });
}
