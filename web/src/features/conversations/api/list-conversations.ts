import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/request';
import type { ConversationPage } from './conversation-list-types';
import { convoKeys } from './convo-keys';

/** LibreChat's page size: a sidebar's screenful and a little more. */
export const CONVERSATION_PAGE_SIZE = 25;

/** Spec 000 §9: the list is fresh for 5 minutes; the cache sync and mutations keep it current. */
const LIST_STALE_MS = 5 * 60_000;

/** `GET /api/convos`: one page of the user's conversations, newest first. */
export function listConversations({ cursor, isArchived }: { cursor: string | null; isArchived: boolean }): Promise<ConversationPage> {
  const params = new URLSearchParams({ limit: String(CONVERSATION_PAGE_SIZE), isArchived: String(isArchived) });
  if (cursor) params.set('cursor', cursor);
  return request<ConversationPage>(`/api/convos?${params.toString()}`);
}

export const conversationListQueryOptions = (isArchived = false) =>
  infiniteQueryOptions({
    queryKey: convoKeys.list({ isArchived }),
    queryFn: ({ pageParam }) => listConversations({ cursor: pageParam, isArchived }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: LIST_STALE_MS,
  });

export function useConversationList() {
  return useInfiniteQuery(conversationListQueryOptions(false));
}
