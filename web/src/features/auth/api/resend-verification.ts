import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/request';

/** POST /api/user/verify/resend: sends the verification email again. */
export const resendVerification = (email: string): Promise<unknown> =>
  request('/api/user/verify/resend', { method: 'POST', json: { email } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
