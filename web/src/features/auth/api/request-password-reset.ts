import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

/** `link` is only sent when the server cannot email it (email not configured). */
export type RequestPasswordResetResponse = { message?: string; link?: string } | undefined;

/** POST /api/auth/requestPasswordReset. Answers alike whether or not the email has an account. */
export const requestPasswordReset = (email: string): Promise<RequestPasswordResetResponse> =>
  request<RequestPasswordResetResponse>('/api/auth/requestPasswordReset', { method: 'POST', json: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
