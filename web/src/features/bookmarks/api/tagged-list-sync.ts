import { hashKey, type QueryClient } from '@tanstack/react-query';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import { invalidateTaggedLists } from './tag-caches';

const UNFILTERED_HASH = hashKey(convoKeys.list({ isArchived: false }));

/**
 * Keeps the bookmark-filtered lists honest: the row actions (rename, delete, archive,
 * duplicate) and the chat's sync edit only the unfiltered list in place, so any change to it
 * has the filtered lists read again from the server, which knows which chats they hold.
 * Returns the unsubscribe.
 */
export function subscribeTaggedListsToList(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash === UNFILTERED_HASH) void invalidateTaggedLists(queryClient);
  });
}
