import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeTaggedListsToList } from '../api/tagged-list-sync';

/** While the sidebar's bookmark control is mounted, list edits reach the filtered lists. */
export function useTaggedListSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => subscribeTaggedListsToList(queryClient), [queryClient]);
}
