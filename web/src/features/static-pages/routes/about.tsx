import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /about: static public page. Not built yet: shows its name only (built by a later issue, in place). */
export function AboutRoute() {
  return <PlaceholderPage titleKey="com_ui_about" />;
}
