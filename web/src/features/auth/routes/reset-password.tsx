import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /reset-password?token&userId: set a new password. Not built yet: shows its name only (built by a later issue, in place). */
export function ResetPasswordRoute() {
  return <PlaceholderPage titleKey="com_auth_reset_password" />;
}
