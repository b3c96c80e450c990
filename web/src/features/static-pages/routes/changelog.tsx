import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /changelog: static public page. Not built yet: shows its name only (built by a later issue, in place). */
export function ChangelogRoute() {
  return <PlaceholderPage titleKey="com_ui_changelog" />;
}
