import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /forgot-password: request a reset email. Not built yet: shows its name only (built by a later issue, in place). */
export function ForgotPasswordRoute() {
  return <PlaceholderPage titleKey="com_auth_reset_password" />;
}
