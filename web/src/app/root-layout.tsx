import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { useAuthFailureRedirect } from './auth-failure-redirect';

/**
 * Wraps every page. Loads the startup config (the pages need it and the browser title is its
 * `appTitle`) and, in parallel, restores the session from the refresh cookie; registers what
 * a failed token refresh does.
 */
export function RootLayout() {
  const appTitle = useStartupConfig().data?.appTitle;
  useCurrentUser();
  useAuthFailureRedirect();

  useEffect(() => {
    if (appTitle) document.title = appTitle;
  }, [appTitle]);

  return <Outlet />;
}
