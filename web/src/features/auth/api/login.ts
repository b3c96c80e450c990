import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, TwoFactorPending } from '@contract/auth';
import { request } from '@/lib/api/request';

export type LoginInput = {
  email: string;
  password: string;
  /** The solved captcha, when the config turns Turnstile on. */
  turnstileToken?: string;
};

/** POST /api/auth/login: a session, or `twoFAPending` with a 5-minute token for the 2FA step. */
export const login = (input: LoginInput): Promise<LoginResponse> =>
  request<LoginResponse>('/api/auth/login', { method: 'POST', json: input });

export const isTwoFactorPending = (response: LoginResponse): response is TwoFactorPending =>
  'twoFAPending' in response && response.twoFAPending;

/** The caller decides what a success means (store the session, or go to the 2FA step). */
export const useLogin = () => useMutation({ mutationFn: login });
