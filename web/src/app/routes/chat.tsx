import { useParams } from 'react-router-dom';
import { SidebarLayout } from '@/features/conversations/components/sidebar-layout';
import '../chat-i18n';
import { ChatScreen } from '../screen/chat-screen';
import { useScreenKey } from '../screen/use-screen-key';
import { isUnsavedConversationId } from '../api/unsaved-conversation';
import { useChatRun } from '../stream/use-chat-run';
import { NEW_CONVERSATION } from '../types';

/** /c/new and /c/:conversationId (`new` is a conversation not sent yet). */
export function ChatRoute() {
  const { conversationId = NEW_CONVERSATION } = useParams();
  const screen = useScreenKey(conversationId);
  const { clear } = useChatRun(conversationId);
  // New chat while already on an unsaved conversation (say, one whose send was refused): start over.
  const startOver = () => {
    if (isUnsavedConversationId(conversationId)) clear();
    screen.reset();
  };
  return (
    <SidebarLayout activeConversationId={isUnsavedConversationId(conversationId) ? undefined : conversationId} onNewChat={startOver}>
      {(sidebarToggle) => (
        <ChatScreen key={screen.key} conversationId={conversationId} onAdopt={screen.adopt} onNewChat={startOver} sidebarToggle={sidebarToggle} />
      )}
    </SidebarLayout>
  );
}
