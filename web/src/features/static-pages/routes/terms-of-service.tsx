import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /terms-of-service: static public page. Not built yet: shows its name only (built by a later issue, in place). */
export function TermsOfServiceRoute() {
  return <PlaceholderPage titleKey="com_ui_terms_of_service" />;
}
