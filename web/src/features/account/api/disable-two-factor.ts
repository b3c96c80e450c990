import { useMutation } from '@tanstack/react-query';
import type { DisableTwoFactorBody, MessageResponse } from '@contract/auth';
import { request } from '@/lib/api/request';
import type { TwoFactorProof } from './two-factor-proof';

/**
 * POST /api/auth/2fa/disable. With a proof it turns two-factor off; without one it only
 * discards a setup that was generated but never confirmed (the server allows that).
 */
export const disableTwoFactor = (proof?: TwoFactorProof): Promise<MessageResponse> =>
  request<MessageResponse>('/api/auth/2fa/disable', {
    method: 'POST',
    json: (proof ?? {}) satisfies DisableTwoFactorBody,
  });

export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor });
