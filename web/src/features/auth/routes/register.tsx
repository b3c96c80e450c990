import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /register: account creation. Not built yet: shows its name only (built by a later issue, in place). */
export function RegisterRoute() {
  return <PlaceholderPage titleKey="com_auth_create_account" />;
}
