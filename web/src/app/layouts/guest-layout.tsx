import { Outlet } from 'react-router-dom';
import { RedirectIfAuthenticated } from '@/features/auth/components/redirect-if-authenticated';

/** Login, 2FA, registration and password pages: a signed-in visitor is sent on to the app. */
export function GuestLayout() {
  return (
    <RedirectIfAuthenticated>
      <Outlet />
    </RedirectIfAuthenticated>
  );
}
