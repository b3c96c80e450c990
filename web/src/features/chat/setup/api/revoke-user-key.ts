import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/request';
import { modelsQueryKey } from '@/shared/config/api/get-models';
import { userKeyQueryKey } from '@/shared/config/api/get-user-key';

/** DELETE /api/keys/{name}: forgets the user's own key for an endpoint. */
export const revokeUserKey = (name: string): Promise<void> =>
  request<void>(`/api/keys/${encodeURIComponent(name)}`, { method: 'DELETE' });

/** The key is gone at once (no refetch needed), and model lists fetched with it are refreshed. */
export function useRevokeUserKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserKey,
    onSuccess: async (_, name) => {
      queryClient.setQueryData(userKeyQueryKey(name), null);
      await queryClient.invalidateQueries({ queryKey: modelsQueryKey });
    },
  });
}
