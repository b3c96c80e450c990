import { useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPage } from '@/shared/conversation/api/conversation-list-types';
import { CONVERSATION_PAGE_SIZE } from '@/shared/conversation/api/list-conversations';
import { request } from '@/lib/api/request';
import { type ArchiveSort, archivedKeys } from './archived-keys';

type ArchivedQuery = ArchiveSort & { search: string; cursor: string | null };

/** `GET /api/convos?isArchived=true&sortBy&sortDirection&search&cursor`: one page of archived chats. */
export function listArchivedConversations({
  cursor,
  search,
  sortBy,
  sortDirection,
}: ArchivedQuery): Promise<ConversationPage> {
  const params = new URLSearchParams({
    limit: String(CONVERSATION_PAGE_SIZE),
    isArchived: 'true',
    sortBy,
    sortDirection,
  });
  if (search) params.set('search', search);
  if (cursor) params.set('cursor', cursor);
  return request<ConversationPage>(`/api/convos?${params.toString()}`);
}

/**
 * The archived chats in the chosen order. Fetched afresh each time the manager opens: chats
 * are archived from the sidebar without this list being touched.
 */
export function useArchivedConversations(filter: ArchiveSort & { search: string }) {
  return useInfiniteQuery({
    queryKey: archivedKeys.list(filter),
    queryFn: ({ pageParam }) => listArchivedConversations({ ...filter, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
