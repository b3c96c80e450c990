import type { Query, QueryClient } from '@tanstack/react-query';
import type { Tag } from '@contract/tags';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import { tagKeys } from './tag-keys';

/*
 * What a bookmark change touches besides the bookmark list: the open conversations' `tags`
 * (the header menu reads them) and the sidebar lists filtered by bookmark (the server decides
 * which chats they hold, so they are refetched rather than edited).
 */

const CONVERSATION_PREFIX = chatKeys.conversation('')[0];

/** Edits the cached bookmark list, when it is cached. */
export function editTags(queryClient: QueryClient, edit: (tags: Tag[]) => Tag[]): void {
  queryClient.setQueryData<Tag[]>(tagKeys.all, (tags) => (tags ? edit(tags) : tags));
}

/** Puts `tags` on the cached conversation. */
export function setConversationTagsInCache(queryClient: QueryClient, conversationId: string, tags: string[]): void {
  queryClient.setQueryData<ChatConversation>(chatKeys.conversation(conversationId), (old) =>
    old ? { ...old, tags } : old,
  );
}

/** Applies `edit` to the tags of every cached conversation (a rename or delete reaches them all). */
export function editConversationTags(queryClient: QueryClient, edit: (tags: string[]) => string[]): void {
  queryClient.setQueriesData<ChatConversation>({ queryKey: [CONVERSATION_PREFIX] }, (old) => {
    if (!old?.tags) return old;
    const tags = edit(old.tags);
    return tags.length === old.tags.length && tags.every((name, index) => name === old.tags[index])
      ? old
      : { ...old, tags };
  });
}

/** A sidebar list filtered by bookmarks: `convoKeys.list({isArchived, tags})`. */
export function isTaggedList(query: Pick<Query, 'queryKey'>): boolean {
  const [prefix, kind, filter] = query.queryKey;
  return (
    prefix === convoKeys.all[0] && kind === 'list' && typeof filter === 'object' && filter !== null && 'tags' in filter
  );
}

/** Refetches the shown filtered lists and marks the others stale. */
export function invalidateTaggedLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isTaggedList });
}
