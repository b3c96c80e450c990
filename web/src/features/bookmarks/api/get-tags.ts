import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@contract/tags';
import { request } from '@/lib/api/request';
import { tagKeys } from './tag-keys';

/** Like the conversation list: fresh for 5 minutes. */
const TAGS_STALE_MS = 5 * 60_000;

/** `GET /api/tags`: the user's bookmarks in list order (position 1 first). */
export const getTags = (): Promise<Tag[]> => request<Tag[]>('/api/tags');

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: tagKeys.all,
    queryFn: getTags,
    // Bookmark changes made here keep the cache exact, but counts also move when chats are
    // deleted or imported elsewhere; the manager refetches on open for the exact numbers.
    staleTime: TAGS_STALE_MS,
  });

/**
 * The bookmarks, only fetched while `enabled` (the user may use bookmarks); `refetchOnOpen`
 * reads them again when the caller mounts (the manager, which shows counts).
 */
export function useTags(enabled: boolean, { refetchOnOpen = false } = {}) {
  return useQuery({ ...tagsQueryOptions(), enabled, ...(refetchOnOpen ? { refetchOnMount: 'always' as const } : {}) });
}
