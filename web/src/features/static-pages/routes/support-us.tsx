import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /support-us: static public page. Not built yet: shows its name only (built by a later issue, in place). */
export function SupportUsRoute() {
  return <PlaceholderPage titleKey="com_ui_support_us" />;
}
