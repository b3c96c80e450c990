import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedConversation } from '@contract/share';
import { request } from '@/lib/api/request';
import { readEmbeddedShare } from '../lib/embedded-share';

/** `GET /api/share/{shareId}`: public; works without a session. */
export const getSharedConversation = (shareId: string) =>
  request<SharedConversation>(`/api/share/${encodeURIComponent(shareId)}`);

/**
 * The shared conversation: the copy the server embedded in the page when there is one (no
 * request, no spinner), otherwise fetched. A link is a snapshot, so it never goes stale here.
 */
export const sharedConversationQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: ['sharedConversation', shareId] as const,
    queryFn: () => getSharedConversation(shareId),
    initialData: () => readEmbeddedShare(shareId),
    staleTime: Infinity,
  });

export const useSharedConversation = (shareId: string) => useQuery(sharedConversationQueryOptions(shareId));
