import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';
import { MESSAGE_BOX_ID } from '@/features/chat/composer/composer';
import { ForkButtonSlot } from '@/features/chat/messages/actions/fork-slot';
import { ChatScreen } from '@/features/chat/screen/chat-screen';
import { useScreenKey } from '@/features/chat/screen/use-screen-key';
import { useChatRun } from '@/features/chat/stream/use-chat-run';
import { ForkButton } from '@/features/fork/components/fork-button';
import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import { NEW_CONVERSATION } from '@/shared/conversation/types';
import '@/shared/i18n/chat-i18n';
import { ChatHeader } from '../header/chat-header';
import { ConversationMenus } from '../header/conversation-menus';
import { SidebarLayout } from '../sidebar/sidebar-layout';

/**
 * /c/new and /c/:conversationId (`new` is a conversation not sent yet): the chat screen beside the
 * sidebar, with the header and message actions that other features contribute.
 */
export function ChatRoute() {
  const { conversationId = NEW_CONVERSATION } = useParams();
  const screen = useScreenKey(conversationId);
  const { clear } = useChatRun(conversationId);
  const { t } = useTranslation();
  // New chat while already on an unsaved conversation (say, one whose send was refused): start over.
  const startOver = () => {
    if (isUnsavedConversationId(conversationId)) clear();
    screen.reset();
  };
  return (
    <SidebarLayout
      activeConversationId={isUnsavedConversationId(conversationId) ? undefined : conversationId}
      onNewChat={startOver}
      skipLink={<SkipLink targetId={MESSAGE_BOX_ID} label={t('com_ui_skip_to_message_box')} />}
    >
      {(sidebarToggle) => (
        <ForkButtonSlot.Provider value={ForkButton}>
          <ChatScreen
            key={screen.key}
            conversationId={conversationId}
            onAdopt={screen.adopt}
            header={(parts) => (
              <ChatHeader
                title={parts.title}
                onNewChat={startOver}
                sidebarToggle={sidebarToggle}
                conversationSlot={
                  parts.conversation ? <ConversationMenus conversation={parts.conversation} /> : undefined
                }
                setupSlot={parts.setup}
              />
            )}
          />
        </ForkButtonSlot.Provider>
      )}
    </SidebarLayout>
  );
}
