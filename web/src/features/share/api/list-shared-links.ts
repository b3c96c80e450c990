import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SharedLinksPage } from '@contract/share';
import { request } from '@/lib/api/request';
import { shareKeys } from './share-keys';

/** The manager reads 25 links a page, keeps pages 5 minutes, always refetches. */
export const SHARED_LINKS_PAGE_SIZE = 25;
const SHARED_LINKS_GC_MS = 5 * 60 * 1000;

export type SharedLinksSort = { sortBy: 'createdAt' | 'title'; sortDirection: 'asc' | 'desc' };
export const DEFAULT_SHARED_LINKS_SORT: SharedLinksSort = { sortBy: 'createdAt', sortDirection: 'desc' };

export type SharedLinksFilter = SharedLinksSort & { search: string };

/** `GET /api/share?pageSize&sortBy&sortDirection&search&cursor`. */
export function listSharedLinks(filter: SharedLinksFilter, cursor: string | undefined): Promise<SharedLinksPage> {
  const params = new URLSearchParams({
    pageSize: String(SHARED_LINKS_PAGE_SIZE),
    sortBy: filter.sortBy,
    sortDirection: filter.sortDirection,
  });
  if (filter.search) params.set('search', filter.search);
  if (cursor) params.set('cursor', cursor);
  return request<SharedLinksPage>(`/api/share?${params.toString()}`);
}

export type SharedLinksData = InfiniteData<SharedLinksPage, string | undefined>;

export const sharedLinksQueryOptions = (filter: SharedLinksFilter) =>
  infiniteQueryOptions({
    queryKey: shareKeys.list(filter),
    queryFn: ({ pageParam }) => listSharedLinks(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasNextPage && last.nextCursor ? last.nextCursor : undefined),
    staleTime: 0,
    gcTime: SHARED_LINKS_GC_MS,
  });

export const useSharedLinks = (filter: SharedLinksFilter) => useInfiniteQuery(sharedLinksQueryOptions(filter));
