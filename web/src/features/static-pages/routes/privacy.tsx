import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /privacy: static public page. Not built yet: shows its name only (built by a later issue, in place). */
export function PrivacyRoute() {
  return <PlaceholderPage titleKey="com_ui_privacy_policy" />;
}
