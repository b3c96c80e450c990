import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

/** POST /api/auth/logout: clears the refresh cookie. Never refreshed on a 401. */
export const logout = (): Promise<unknown> => request('/api/auth/logout', { method: 'POST' });

export const useLogoutMutation = () => useMutation({ mutationFn: logout });
