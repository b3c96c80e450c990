import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /login: email/password and social login. Not built yet: shows its name only (built by a later issue, in place). */
export function LoginRoute() {
  return <PlaceholderPage titleKey="com_auth_welcome_back" />;
}
