import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageSearchPage } from '@contract/search';
import { request } from '@/lib/api/request';

/** LibreChat's client asks for 25 hits a page (the server's default too). */
export const SEARCH_PAGE_SIZE = 25;
/** Search results are fresh for 30 s and kept 5 min after the page stops using them. */
const SEARCH_STALE_MS = 30_000;
const SEARCH_GC_MS = 5 * 60_000;

/** Its own key root: `['messages', …]` belongs to conversations, and `search` is a conversation id. */
export const searchKeys = {
  all: ['messageSearch'] as const,
  query: (search: string) => ['messageSearch', search] as const,
};

/** `GET /api/messages?search=…`: one page of the caller's matching messages, newest first. */
export function searchMessages({
  search,
  cursor,
}: {
  search: string;
  cursor: string | null;
}): Promise<MessageSearchPage> {
  const params = new URLSearchParams({ search, pageSize: String(SEARCH_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return request<MessageSearchPage>(`/api/messages?${params.toString()}`);
}

export const messageSearchQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: searchKeys.query(search),
    queryFn: ({ pageParam }) => searchMessages({ search, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: SEARCH_STALE_MS,
    gcTime: SEARCH_GC_MS,
    // A search runs only with a non-empty query.
    enabled: search !== '',
  });

export function useMessageSearch(search: string) {
  return useInfiniteQuery(messageSearchQueryOptions(search));
}
