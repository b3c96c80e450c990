import { type ReactNode, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { assignLocation } from '../utils/location';
import { resolveRedirectTarget } from '../utils/redirect-target';

/**
 * Auth pages are for people who are not signed in. A signed-in visitor (including one who
 * just signed in on this page) goes to the `redirect` target, or /c/new.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const target = resolveRedirectTarget(params.get('redirect'));
  const external = target.kind === 'external' ? target.href : null;

  useEffect(() => {
    if (isAuthenticated && external) assignLocation(external);
  }, [external, isAuthenticated]);

  if (!isAuthenticated) return children;
  return target.kind === 'internal' ? <Navigate to={target.to} replace /> : null;
}
