import { useMutation } from '@tanstack/react-query';
import type { TwoFactorEnableResponse } from '@contract/auth';
import { request } from '@/lib/api/request';

/**
 * GET /api/auth/2fa/enable: creates a new, not yet confirmed, TOTP secret and ten backup
 * codes. A mutation although it is a GET: every call generates a new secret.
 */
export const enableTwoFactor = (): Promise<TwoFactorEnableResponse> =>
  request<TwoFactorEnableResponse>('/api/auth/2fa/enable');

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });
