import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /login/2fa?tempToken: six-digit or backup-code verification. Not built yet: shows its name only (built by a later issue, in place). */
export function TwoFactorRoute() {
  return <PlaceholderPage titleKey="com_auth_verify_your_identity" />;
}
