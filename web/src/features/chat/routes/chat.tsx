import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/**
 * /c/new and /c/:conversationId (`new` is an unsaved conversation). Not built yet: shows its
 * name only (built by a later issue, in place).
 */
export function ChatRoute() {
  const { conversationId } = useParams();
  return <PlaceholderPage titleKey={conversationId === 'new' ? 'com_ui_new_chat' : 'com_ui_chat'} />;
}
