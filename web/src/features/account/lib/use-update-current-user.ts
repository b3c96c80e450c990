import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicUser } from '@contract/auth';
import { currentUserQueryOptions } from '@/shared/auth/api/get-current-user';

/**
 * Applies a change the server has already made (2FA on/off, new avatar) to the cached
 * current user, so every view of the user updates without refetching.
 */
export function useUpdateCurrentUser(): (patch: Partial<PublicUser>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (patch) => {
      queryClient.setQueryData(currentUserQueryOptions.queryKey, (user) => (user ? { ...user, ...patch } : user));
    },
    [queryClient],
  );
}
