import { useParams } from 'react-router-dom';
import { SidebarLayout } from '@/app/sidebar/sidebar-layout';
import '@/shared/i18n/chat-i18n';
import { ChatScreen } from '@/features/chat/screen/chat-screen';
import { useScreenKey } from '@/features/chat/screen/use-screen-key';
import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import { useChatRun } from '@/features/chat/stream/use-chat-run';
import { NEW_CONVERSATION } from '@/shared/conversation/types';

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
