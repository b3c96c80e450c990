import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /help: static public page (Help & FAQ). Not built yet: shows its name only (built by a later issue, in place). */
export function HelpRoute() {
  return <PlaceholderPage titleKey="com_ui_help_and_faq" />;
}
