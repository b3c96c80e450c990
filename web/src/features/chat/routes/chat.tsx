import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';
import { AccountControls } from '@/features/settings/components/account-controls';

/**
 * /c/new and /c/:conversationId (`new` is an unsaved conversation). The chat itself is not
 * built yet: its name, an honest note, and the signed-in user's menu (settings, log out) in
 * the top-right corner until the chat layout places it.
 */
export function ChatRoute() {
  const { conversationId } = useParams();
  return (
    <>
      <PlaceholderPage titleKey={conversationId === 'new' ? 'com_ui_new_chat' : 'com_ui_chat'} />
      <div className="fixed right-4 top-4 z-30">
        <AccountControls />
      </div>
    </>
  );
}
