import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/request';
import type { ConversationPage } from './conversation-list-types';
import { convoKeys } from './convo-keys';

/** LibreChat's page size: a sidebar's screenful and a little more. */
export const CONVERSATION_PAGE_SIZE = 25;

/** The list is fresh for 5 minutes; the cache sync and mutations keep it current. */
const LIST_STALE_MS = 5 * 60_000;

type ListParams = { cursor: string | null; isArchived: boolean; tags?: readonly string[] };

/** `GET /api/convos`: one page of the user's conversations, newest first; `tags` narrows to those bookmarks. */
export function listConversations({ cursor, isArchived, tags = [] }: ListParams): Promise<ConversationPage> {
  const params = new URLSearchParams({ limit: String(CONVERSATION_PAGE_SIZE), isArchived: String(isArchived) });
  for (const tag of tags) params.append('tags', tag);
  if (cursor) params.set('cursor', cursor);
  return request<ConversationPage>(`/api/convos?${params.toString()}`);
}

/**
 * The unfiltered list keeps its key (the cache edits write to it). A list filtered by
 * bookmarks has its own key, sorted names so the pick order does not matter, and is read
 * again each time it is shown: only the server knows which chats carry the bookmarks.
 */
export const conversationListQueryOptions = (isArchived = false, tags: readonly string[] = []) =>
  infiniteQueryOptions({
    queryKey: convoKeys.list(tags.length > 0 ? { isArchived, tags: [...tags].sort() } : { isArchived }),
    queryFn: ({ pageParam }) => listConversations({ cursor: pageParam, isArchived, tags }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: tags.length > 0 ? 0 : LIST_STALE_MS,
  });

export function useConversationList(tags: readonly string[] = []) {
  return useInfiniteQuery(conversationListQueryOptions(false, tags));
}
