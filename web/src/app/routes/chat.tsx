import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';
import { LazyAgentPanel } from '@/features/agents/components/lazy-agent-panel';
import { useAgentBuilderAvailable } from '@/features/agents/use-agent-builder';
import { MESSAGE_BOX_ID } from '@/features/chat/composer/composer';
import { ForkButtonSlot } from '@/features/chat/messages/actions/fork-slot';
import { ChatScreen } from '@/features/chat/screen/chat-screen';
import { useChatSetup } from '@/features/chat/setup/chat-setup-context';
import { useScreenKey } from '@/features/chat/screen/use-screen-key';
import { useChatRun } from '@/features/chat/stream/use-chat-run';
import { ForkButton } from '@/features/fork/components/fork-button';
import { useTranslation } from '@/lib/i18n/react';
import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import { NEW_CONVERSATION } from '@/shared/conversation/types';
import '@/shared/i18n/chat-i18n';
import { useSpeechConfig } from '@/shared/speech/speech-config';
import { AgentBuilderToggle } from '../header/agent-builder-toggle';
import { ChatHeader } from '../header/chat-header';
import { useHealthCheck } from '../health/use-health-check';
import { ConversationMenus } from '../header/conversation-menus';
import { SidebarLayout } from '../sidebar/sidebar-layout';

/**
 * /c/new and /c/:conversationId (`new` is a conversation not sent yet): the chat screen beside the
 * sidebar, with the header and message actions that other features contribute, and the agent
 * builder's panel on the right when the header's toggle opens it.
 */
export function ChatRoute() {
  const { conversationId = NEW_CONVERSATION } = useParams();
  const screen = useScreenKey(conversationId);
  const { clear } = useChatRun(conversationId);
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const builderAvailable = useAgentBuilderAvailable();
  const [builderOpen, setBuilderOpen] = useState(false);
  const panelId = useId();
  // The server's speech settings override this browser's before the microphone or read-aloud is used.
  useSpeechConfig();
  useHealthCheck();
  const showBuilder = builderAvailable && builderOpen;
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
          <div className="flex min-h-0 min-w-0 flex-1">
            <div className="flex min-w-0 flex-1 flex-col">
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
                      <>
                        {parts.conversation && <ConversationMenus conversation={parts.conversation} />}
                        {builderAvailable && (
                          <BuilderToggleOnAgents
                            open={showBuilder}
                            controls={panelId}
                            onToggle={() => setBuilderOpen((open) => !open)}
                          />
                        )}
                      </>
                    }
                    setupSlot={parts.setup}
                  />
                )}
              />
            </div>
            {showBuilder && (
              <LazyAgentPanel
                id={panelId}
                initialAgentId={searchParams.get('agent_id')}
                onClose={() => setBuilderOpen(false)}
              />
            )}
          </div>
        </ForkButtonSlot.Provider>
      )}
    </SidebarLayout>
  );
}

/**
 * The builder's toggle where agents are used: on the Agents endpoint, or while the panel is open.
 * Elsewhere the header keeps its room for the endpoint and model pickers (a phone's one row).
 */
function BuilderToggleOnAgents(props: Parameters<typeof AgentBuilderToggle>[0]) {
  const { setup } = useChatSetup();
  if (setup.endpoint !== 'agents' && !props.open) return null;
  return <AgentBuilderToggle {...props} />;
}
