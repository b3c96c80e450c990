import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

export type VerifyEmailInput = { email: string; token: string };

/** POST /api/user/verify: confirms the address with the token from the verification email. */
export const verifyEmail = (input: VerifyEmailInput): Promise<unknown> =>
  request('/api/user/verify', { method: 'POST', json: input });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
