import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /search: message search results. Not built yet: shows its name only (built by a later issue, in place). */
export function SearchRoute() {
  return <PlaceholderPage titleKey="com_ui_search" />;
}
