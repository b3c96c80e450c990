import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { type ChatConversation, useConversation } from '@/shared/conversation/api/get-conversation';
import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import { PresetsMenu } from '../presets/components/presets-menu';
import { ChatSetupProvider } from '../setup/chat-setup-context';
import { SetupBar } from '../setup/components/setup-bar';
import { ChatBody } from './chat-body';
import { setupOfConversation } from './conversation-setup';

/** What the screen hands to its header; the app lays the header out, with other features' menus. */
export interface ChatHeaderParts {
  /** The conversation's title once generated. */
  title: string | null | undefined;
  /** The saved conversation on screen, for its menus; undefined while the chat is new. */
  conversation: ChatConversation | undefined;
  /** The setup bar and presets, placed after the new-chat link. */
  setup: ReactNode;
}

interface ChatScreenProps {
  conversationId: string;
  onAdopt(conversationId: string): void;
  /** Draws the header (with the sidebar toggle and new chat the route owns) from the screen's parts. */
  header(parts: ChatHeaderParts): ReactNode;
}

/**
 * One conversation on screen: header (setup, title), messages or the landing, composer. The
 * conversation's stored setup seeds the setup; a new conversation's is chosen by the setup.
 */
export function ChatScreen({ conversationId, onAdopt, header }: ChatScreenProps) {
  const isNew = isUnsavedConversationId(conversationId);
  // The screen stays mounted when its own first send names the conversation (see
  // useScreenKey): it already holds that conversation's setup, so it need not wait for the
  // conversation to load. Waiting would disable the message box under the user's cursor, and a
  // browser moves the focus of a control that becomes disabled to the page body.
  const [startedNew] = useState(isNew);
  const conversation = useConversation(isNew ? null : conversationId);
  const initial = useMemo(
    () => (conversation.data ? setupOfConversation(conversation.data) : undefined),
    [conversation.data],
  );

  return (
    <ChatSetupProvider initial={initial}>
      <div className="flex h-dvh flex-col bg-surface-primary text-text-primary">
        {header({
          title: conversation.data?.title,
          conversation: !isNew && conversation.data ? conversation.data : undefined,
          setup: (
            <>
              <SetupBar />
              <PresetsMenu />
            </>
          ),
        })}
        {!isNew && conversation.isError ? (
          <ConversationNotFound />
        ) : (
          <ChatBody
            conversationId={conversationId}
            isNew={isNew}
            isLoaded={isNew || startedNew || conversation.isSuccess}
            onAdopt={onAdopt}
          />
        )}
      </div>
    </ChatSetupProvider>
  );
}

function ConversationNotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-text-secondary">{t('com_ui_conversation_not_found')}</p>
      <Link to={paths.chat.newConversation.getHref()} className={buttonClasses('outline')}>
        {t('com_ui_new_chat')}
      </Link>
    </main>
  );
}
