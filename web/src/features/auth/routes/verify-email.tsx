import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /verify?token&email: email verification. Not built yet: shows its name only (built by a later issue, in place). */
export function VerifyEmailRoute() {
  return <PlaceholderPage titleKey="com_auth_email_verification" />;
}
