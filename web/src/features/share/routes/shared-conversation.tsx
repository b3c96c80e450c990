import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /share/:shareId: public read-only conversation (normally server-rendered by the Worker). Not built yet: shows its name only (built by a later issue, in place). */
export function SharedConversationRoute() {
  return <PlaceholderPage titleKey="com_ui_shared_conversation" />;
}
