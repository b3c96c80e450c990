import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@contract/auth';
import { request } from '@/lib/api/request';

export type ResetPasswordInput = ResetPasswordBody;

/** POST /api/auth/resetPassword. */
export const resetPassword = (input: ResetPasswordInput): Promise<MessageResponse> =>
  request<MessageResponse>('/api/auth/resetPassword', { method: 'POST', json: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
