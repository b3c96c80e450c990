import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeListToChat } from '../api/sync-from-chat';

/** While the sidebar is mounted, the chat's conversation writes show in its list. */
export function useListSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => subscribeListToChat(queryClient), [queryClient]);
}
