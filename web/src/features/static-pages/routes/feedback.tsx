import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /feedback: static public page. Not built yet: shows its name only (built by a later issue, in place). */
export function FeedbackRoute() {
  return <PlaceholderPage titleKey="com_ui_feedback" />;
}
