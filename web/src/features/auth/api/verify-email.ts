import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, VerifyEmailBody } from '@contract/auth';
import { request } from '@/lib/api/request';

export type VerifyEmailInput = VerifyEmailBody;

/** POST /api/user/verify: confirms the address with the token from the verification email. */
export const verifyEmail = (input: VerifyEmailInput): Promise<MessageResponse> =>
  request<MessageResponse>('/api/user/verify', { method: 'POST', json: input });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
