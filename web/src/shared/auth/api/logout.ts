import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@contract/auth';
import { request } from '@/lib/api/request';

/** POST /api/auth/logout: clears the refresh cookie. Never refreshed on a 401. */
export const logout = (): Promise<MessageResponse> => request<MessageResponse>('/api/auth/logout', { method: 'POST' });

export const useLogoutMutation = () => useMutation({ mutationFn: logout });
