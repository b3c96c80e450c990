import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

/** POST /api/auth/2fa/confirm: proves the authenticator app works; two-factor is on after this. */
export const confirmTwoFactor = (token: string): Promise<void> =>
  request<void>('/api/auth/2fa/confirm', { method: 'POST', json: { token } });

export const useConfirmTwoFactor = () => useMutation({ mutationFn: confirmTwoFactor });
