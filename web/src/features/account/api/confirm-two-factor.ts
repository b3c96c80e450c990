import { useMutation } from '@tanstack/react-query';
import type { ConfirmTwoFactorBody, MessageResponse } from '@contract/auth';
import { request } from '@/lib/api/request';

/**
 * POST /api/auth/2fa/confirm: the last step of the setup, sent once the backup codes were
 * saved, with the code verified before. Two-factor is on (and login asks for it) after this.
 */
export const confirmTwoFactor = (token: string): Promise<MessageResponse> =>
  request<MessageResponse>('/api/auth/2fa/confirm', { method: 'POST', json: { token } satisfies ConfirmTwoFactorBody });

export const useConfirmTwoFactor = () => useMutation({ mutationFn: confirmTwoFactor });
