import { useMutation } from '@tanstack/react-query';
import type { RequestPasswordResetBody, RequestPasswordResetResponse as ResetRequestAnswer } from '@contract/auth';
import { request } from '@/lib/api/request';

/**
 * The contract's answer, read as one object whose fields may be missing: `link` is only sent
 * when the server cannot email it (email not configured).
 */
export type RequestPasswordResetResponse =
  Partial<Extract<ResetRequestAnswer, { message: string }> & Extract<ResetRequestAnswer, { link: string }>> | undefined;

/** POST /api/auth/requestPasswordReset. Answers alike whether or not the email has an account. */
export const requestPasswordReset = (email: string): Promise<RequestPasswordResetResponse> =>
  request<RequestPasswordResetResponse>('/api/auth/requestPasswordReset', {
    method: 'POST',
    json: { email } satisfies RequestPasswordResetBody,
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
