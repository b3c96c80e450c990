import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@contract/auth';
import { request } from '@/lib/api/request';

/**
 * POST /api/auth/2fa/verify: checks a code from the authenticator app against the secret just
 * generated. It does not turn two-factor on; that waits for the confirm after the backup codes.
 */
export const verifyTwoFactor = (token: string): Promise<MessageResponse> =>
  request<MessageResponse>('/api/auth/2fa/verify', { method: 'POST', json: { token } });

export const useVerifyTwoFactor = () => useMutation({ mutationFn: verifyTwoFactor });
