import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StartupConfig } from '@contract/config';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import {
  isAutoRedirectDisabled,
  openIdAutoRedirectUrl,
  rememberAutoRedirectDisabled,
} from '@/shared/auth/utils/openid-auto-redirect';
import { assignLocation } from '../utils/location';

/**
 * Sends the visitor straight to the OpenID provider when the config asks for it, once it is
 * known that nobody is signed in. `?redirect=false` opts out: the flag is remembered and the
 * parameter removed. Never after a failed social login (`?error=`). Returns true while the page
 * is about to leave.
 */
export function useOpenIdAutoRedirect(config: StartupConfig | undefined): boolean {
  const [params, setParams] = useSearchParams();
  const { isAuthenticated, isLoading } = useAuth();
  const optOut = params.get('redirect') === 'false';
  // Coming back from a failed social login: going straight back out would loop.
  const failedSocialLogin = params.has('error');

  useEffect(() => {
    if (!optOut) return;
    rememberAutoRedirectDisabled();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('redirect');
        return next;
      },
      { replace: true },
    );
  }, [optOut, setParams]);

  const url =
    config && !optOut && !failedSocialLogin && !isAutoRedirectDisabled() ? openIdAutoRedirectUrl(config) : null;
  const leaving = url !== null && !isAuthenticated;

  useEffect(() => {
    if (leaving && url && !isLoading) assignLocation(url);
  }, [leaving, isLoading, url]);

  return leaving;
}
