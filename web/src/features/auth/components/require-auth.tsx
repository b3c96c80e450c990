import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { loginHrefFor } from '../utils/redirect-target';

/** How long an app page waits, once nobody is known to be signed in, before going to /login. */
export const LOGIN_REDIRECT_DELAY_MS = 300;

/**
 * App pages render only for a signed-in user. Anyone else sees nothing, and is sent to
 * /login after {@link LOGIN_REDIRECT_DELAY_MS} (carrying the page they wanted).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // A navigation already under way (the logout's, to /login) wins over this redirect.
  const idle = useNavigation().state === 'idle';

  useEffect(() => {
    if (isLoading || isAuthenticated || !idle) return;
    const timer = setTimeout(
      () => void navigate(loginHrefFor(`${pathname}${search}`), { replace: true }),
      LOGIN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [idle, isAuthenticated, isLoading, navigate, pathname, search]);

  return isAuthenticated ? children : null;
}
