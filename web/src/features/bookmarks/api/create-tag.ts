import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTagBody, Tag } from '@contract/tags';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { request } from '@/lib/api/request';
import { addTag } from '../lib/tag-list';
import { editTags, invalidateTaggedLists, setConversationTagsInCache } from './tag-caches';
import { tagKeys } from './tag-keys';

/**
 * `POST /api/tags {tag, description?, conversationId?, addToConversation?}`: the new bookmark,
 * at the end of the list. A taken name is a 409 (`tag_exists`), and so is the bookmark cap.
 */
export const createTag = (body: CreateTagBody): Promise<Tag> =>
  request<Tag>('/api/tags', { method: 'POST', json: body });

/** Creates a bookmark; when it was also put on a conversation, that conversation shows it. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (created, body) => {
      if (queryClient.getQueryData(tagKeys.all)) editTags(queryClient, (tags) => addTag(tags, created));
      else void queryClient.invalidateQueries({ queryKey: tagKeys.all });
      if (body.addToConversation && body.conversationId) {
        const current =
          queryClient.getQueryData<ChatConversation>(chatKeys.conversation(body.conversationId))?.tags ?? [];
        if (!current.includes(created.tag))
          setConversationTagsInCache(queryClient, body.conversationId, [...current, created.tag]);
        void invalidateTaggedLists(queryClient);
      }
    },
  });
}
