import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { TermsModal } from '@/features/auth/components/terms-modal';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { forgetAutoRedirectDisabled } from '@/shared/auth/utils/openid-auto-redirect';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';

/** Once someone is in (by any means, OpenID included), the OpenID auto-redirect opt-out has served its purpose. */
function useForgetAutoRedirectOptOut() {
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    if (isAuthenticated) forgetAutoRedirectDisabled();
  }, [isAuthenticated]);
}

/** The signed-in app (/c, /search, /d): nothing renders for anyone else; the terms come first. */
export function ProtectedLayout() {
  const legal = useStartupConfig().data?.interface;
  useForgetAutoRedirectOptOut();
  return (
    <RequireAuth>
      <Outlet />
      <TermsModal terms={legal?.termsOfService} privacyPolicy={legal?.privacyPolicy} />
    </RequireAuth>
  );
}
