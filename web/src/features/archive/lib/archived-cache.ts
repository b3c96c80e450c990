import type { QueryClient } from '@tanstack/react-query';
import { type ListData, removeFromList } from '@/shared/conversation/api/list-cache';
import { archivedKeys } from '../api/archived-keys';

/** Takes a conversation out of every cached archive list (each sort and search has its own). */
export function removeFromArchivedLists(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueriesData<ListData>({ queryKey: archivedKeys.all }, (data) =>
    data ? removeFromList(data, conversationId) : data,
  );
}
