import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loginHrefFor } from '@/features/auth/utils/redirect-target';
import { setOnAuthFailure } from '@/lib/api/auth-failure';
import { clearSession } from '@/shared/auth/utils/session';

/**
 * When the session cannot be renewed, the local session ends and the user goes to /login;
 * shared-link views (any path containing `share/`) stay where they are, since they are public
 * to anyone. Public pages stay too: only the user's data is gone.
 */
export function useAuthFailureRedirect(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);

  useEffect(() => {
    current.current = location;
  }, [location]);

  useEffect(
    () =>
      setOnAuthFailure(() => {
        clearSession(queryClient);
        const { pathname, search } = current.current;
        if (pathname.includes('share/') || pathname.startsWith(paths.auth.login.path)) return;
        void navigate(loginHrefFor(`${pathname}${search}`), { replace: true });
      }),
    [navigate, queryClient],
  );
}
