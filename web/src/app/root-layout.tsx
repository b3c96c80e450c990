import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useStartupConfig } from '@/features/config/api/get-startup-config';

/**
 * Wraps every page. Loads the startup config on start (the pages need it and the browser
 * title is its `appTitle`). The banner (HTML from the admin) is left to the accounts work,
 * which brings a sanitiser.
 */
export function RootLayout() {
  const appTitle = useStartupConfig().data?.appTitle;

  useEffect(() => {
    if (appTitle) document.title = appTitle;
  }, [appTitle]);

  return <Outlet />;
}
