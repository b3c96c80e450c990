import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResendVerificationBody } from '@contract/auth';
import { request } from '@/lib/api/request';

/** POST /api/user/verify/resend: sends the verification email again. */
export const resendVerification = (email: string): Promise<MessageResponse> =>
  request<MessageResponse>('/api/user/verify/resend', {
    method: 'POST',
    json: { email } satisfies ResendVerificationBody,
  });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
