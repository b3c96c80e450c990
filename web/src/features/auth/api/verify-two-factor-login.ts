import { useMutation } from '@tanstack/react-query';
import type { AuthSuccess } from '@contract/auth';
import { request } from '@/lib/api/request';

/** A TOTP code (`token`) or a backup code, never both. */
export type TwoFactorLoginInput = { tempToken: string } & ({ token: string } | { backupCode: string });

/** POST /api/auth/2fa/verify-temp: completes the login of a 2FA user (never refreshed on a 401). */
export const verifyTwoFactorLogin = (input: TwoFactorLoginInput): Promise<AuthSuccess> =>
  request<AuthSuccess>('/api/auth/2fa/verify-temp', { method: 'POST', json: input });

export const useVerifyTwoFactorLogin = () => useMutation({ mutationFn: verifyTwoFactorLogin });
