import { useMutation } from '@tanstack/react-query';
import type { AuthSuccess } from '@contract/auth';
import { request } from '@/lib/api/request';

export type RegisterInput = {
  name: string;
  email: string;
  password: string;
  confirm_password: string;
  /** An invitation token from the registration link. */
  token?: string;
  /** The solved captcha, when the config turns Turnstile on. */
  turnstileToken?: string;
};

/** `{token, user}` when the account is usable at once; `{message}` when the email must be verified first. */
export type RegisterResponse = AuthSuccess | { message: string };

export const isSignedUp = (response: RegisterResponse): response is AuthSuccess =>
  'token' in response && Boolean(response.token);

/** POST /api/auth/register. */
export const register = (input: RegisterInput): Promise<RegisterResponse> =>
  request<RegisterResponse>('/api/auth/register', { method: 'POST', json: input });

export const useRegister = () => useMutation({ mutationFn: register });
