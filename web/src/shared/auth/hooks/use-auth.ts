import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PublicUser } from '@contract/auth';
import { paths } from '@/config/paths';
import { useCurrentUser } from '../api/get-current-user';
import { useLogoutMutation } from '../api/logout';
import { clearSession } from '../utils/session';

export type LogoutOptions = {
  /** Where to go afterwards (an in-app path); /login by default. */
  redirect?: string;
};

export type AuthState = {
  user: PublicUser | null;
  isAuthenticated: boolean;
  /** True until the silent refresh on load has answered. */
  isLoading: boolean;
  /** Signs out (the session is cleared locally even if the call fails), then goes to /login. */
  logout: (options?: LogoutOptions) => Promise<void>;
};

/** Who is signed in, from the `['user']` query, and how to sign out. */
export function useAuth(): AuthState {
  const { data, isPending } = useCurrentUser();
  const { mutateAsync } = useLogoutMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logout = useCallback(
    async ({ redirect = paths.auth.login.getHref() }: LogoutOptions = {}) => {
      try {
        await mutateAsync();
      } catch {
        // The server may already consider the session gone; locally it ends either way.
      } finally {
        clearSession(queryClient);
        await navigate(redirect, { replace: true });
      }
    },
    [mutateAsync, navigate, queryClient],
  );

  const user = data ?? null;
  return { user, isAuthenticated: user !== null, isLoading: isPending, logout };
}
