import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

export type ResetPasswordInput = { token: string; userId: string; password: string; confirm_password: string };

/** POST /api/auth/resetPassword. */
export const resetPassword = (input: ResetPasswordInput): Promise<unknown> =>
  request('/api/auth/resetPassword', { method: 'POST', json: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
