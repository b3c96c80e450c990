import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedLinkLookup } from '@contract/share';
import { request } from '@/lib/api/request';
import { shareKeys } from './share-keys';

/** `GET /api/share/link/{conversationId}`: the caller's link of the conversation, if any. */
export const getShareLink = (conversationId: string) =>
  request<SharedLinkLookup>(`/api/share/link/${encodeURIComponent(conversationId)}`);

export const shareLinkQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: shareKeys.link(conversationId),
    queryFn: () => getShareLink(conversationId),
    // Another tab may have created, refreshed or deleted it: look again on every opening.
    staleTime: 0,
  });

export const useShareLink = (conversationId: string) => useQuery(shareLinkQueryOptions(conversationId));
