import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@contract/auth';
import { request } from '@/lib/api/request';

/** DELETE /api/user/delete: removes the signed-in user together with their conversations. */
export const deleteAccount = (): Promise<MessageResponse> =>
  request<MessageResponse>('/api/user/delete', { method: 'DELETE' });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
