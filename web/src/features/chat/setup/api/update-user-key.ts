import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserKeyBody } from '@contract/auth';
import { request } from '@/lib/api/request';
import { modelsQueryKey } from '@/shared/config/api/get-models';
import { userKeyQueryKey } from '@/shared/config/api/get-user-key';

/** The contract's body; `expiresAt` is an ISO instant, or null for a key that never expires. */
export type UpdateUserKeyInput = UpdateUserKeyBody & { expiresAt: string | null };

/** PUT /api/keys: stores (or replaces) the user's own key for an endpoint. */
export const updateUserKey = (input: UpdateUserKeyInput): Promise<void> =>
  request<void>('/api/keys', { method: 'PUT', json: input });

/** Refreshes the key's status, and the model lists (a custom endpoint may fetch them with the key). */
export function useUpdateUserKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserKey,
    onSuccess: async (_, { name }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeyQueryKey(name) }),
        queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
      ]);
    },
  });
}
