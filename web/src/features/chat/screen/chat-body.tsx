import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { modelSeesImages } from '@contract/vision';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useAgentSummary } from '@/shared/agents/agent-summary';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { useMessages } from '@/shared/conversation/api/get-messages';
import { type ChatMessage, NO_PARENT, SEARCH_CONVERSATION } from '@/shared/conversation/types';
import { preloadMarkdown } from '@/shared/markdown';
import { PromptVariablesDialog } from '@/shared/prompts';
import { PromptCards } from '@/shared/prompts/components/prompt-cards';
import { chatDirAttribute, useChatLayout } from '@/shared/preferences/chat-layout';
import { useChatPreferences } from '@/shared/preferences/chat-preferences';
import { DropOverlay } from '../attachments/drop-overlay';
import { useAttachments } from '../attachments/use-attachments';
import { useFileDrop } from '../attachments/use-file-drop';
import { AddedModelChip } from '../commands/added-model-chip';
import { ComposerCommands } from '../commands/composer-commands';
import { Composer } from '../composer/composer';
import { composerBlocker, composerPlaceholder } from '../composer/composer-placeholder';
import { Landing } from '../landing/landing';
import { BadgeRow } from '../badges/badge-row';
import { useChatBadges } from '../badges/use-chat-badges';
import { adoptWebSearch } from '../badges/web-search-choice';
import { adoptMcpSelection } from '../mcp/mcp-selection';
import { StreamAnnouncer } from '../messages/list/stream-announcer';
import { MessageList } from '../messages/message-list';
import { useAutoSubmit } from '../query/use-auto-submit';
import { useChatQuery } from '../query/use-chat-query';
import { useChatSetup } from '../setup/chat-setup-context';
import { EndpointNotOffered } from '../setup/components/endpoint-not-offered';
import { useUserKeyStatus } from '../setup/hooks/use-user-key-status';
import { endpointOptions, isEndpointOffered, servingEndpoint } from '../setup/lib/endpoint-options';
import { useChatRun } from '../stream/use-chat-run';
import { ChatFooter } from './chat-footer';
import { useAddedTurn, withReplyLabel } from './use-added-turn';
import { useAdoptConversation } from './use-adopt-conversation';
import { useMessageActions } from './use-message-actions';
import { useQuerySetup } from './use-query-setup';
import { useSetupInAddress } from './use-setup-in-address';

interface ChatBodyProps {
  conversationId: string;
  isNew: boolean;
  /** The stored conversation (and so its setup) has arrived; always true for a new one. */
  isLoaded: boolean;
  onAdopt(conversationId: string): void;
}

/** Messages (or the landing) and the composer of the conversation on screen. */
export function ChatBody({ conversationId, isNew, isLoaded, onAdopt }: ChatBodyProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { user } = useAuth();
  const startupConfig = useStartupConfig().data;
  const endpoints = useEndpoints().data;
  const { setup, isReady } = useChatSetup();
  const stored = useMessages(conversationId);
  const chatRun = useChatRun(conversationId);
  const { run, send, resume } = chatRun;
  const addedTurn = useAddedTurn(
    chatRun,
    conversationId,
    isNew,
    useMemo(() => stored.data ?? [], [stored.data]),
  );
  const { messages, isSubmitting, added } = addedTurn;
  const [branchEnd, setBranchEnd] = useState<ChatMessage | null>(null);
  // Bumped when the conversation moves to an offered endpoint: the switch button goes away,
  // and the focus goes to the message box that has just become usable.
  const [endpointSwitches, setEndpointSwitches] = useState(0);

  const adopt = useCallback(
    (id: string) => {
      adoptMcpSelection(id);
      adoptWebSearch(id);
      onAdopt(id);
    },
    [onAdopt],
  );
  useAdoptConversation(isNew, run?.conversationId, adopt);
  // A saved conversation shows replies at once; a new one fetches the renderer when the user types.
  useEffect(() => {
    if (!isNew) preloadMarkdown();
  }, [isNew]);
  // A reply may be streaming for this conversation (another tab, before a reload): follow it.
  useEffect(() => {
    if (!isNew) void resume();
  }, [isNew, resume]);
  useEffect(() => {
    if (run?.abortError) showToast({ message: run.abortError, severity: 'error' });
  }, [run?.abortError, showToast]);

  const query = useChatQuery(isNew);
  const querySettingsApplied = useQuerySetup(query);
  useSetupInAddress(isNew && querySettingsApplied);

  const agent = useAgentSummary(setup.endpoint === 'agents' ? setup.agent_id : null);
  // A plugins chat is answered by OpenAI: its key and configuration are the ones that count.
  const served = servingEndpoint(setup.endpoint);
  const keyStatus = useUserKeyStatus(served);
  const endpoint = endpointOptions(endpoints).find((option) => option.name === served);
  const placeholderInput = {
    endpoint: setup.endpoint,
    endpointConfigured: Boolean(endpoint) && (!keyStatus.required || keyStatus.isSet),
    endpointOffered: isEndpointOffered(endpoints, setup.endpoint),
    name: agent?.name || setup.modelLabel || setup.chatGptLabel || setup.model || endpoint?.label,
    agentId: setup.agent_id,
    assistantId: setup.assistant_id,
  };
  // Names the reply while it streams as the server will name it (a custom endpoint's label).
  const replyLabel = agent?.name || (setup.endpoint && endpoints?.[setup.endpoint]?.modelDisplayLabel) || undefined;
  const canSend =
    isReady && isLoaded && conversationId !== SEARCH_CONVERSATION && composerBlocker(placeholderInput) === null;

  const composerConversationId = run?.conversationId ?? conversationId;
  const chatBadges = useChatBadges(composerConversationId, setup.endpoint);
  const { ephemeralAgent } = chatBadges;
  const attachments = useAttachments({
    conversationId: composerConversationId,
    endpoint: setup.endpoint,
    // Until a model is chosen the server's own check is the one that counts.
    seesImages:
      !setup.model || modelSeesImages(setup.model, setup.endpoint ? endpoints?.[setup.endpoint]?.visionModels : []),
    saveDrafts: useChatPreferences().saveDrafts,
  });
  const { files: attachedFiles, clear: clearAttachments } = attachments;
  // An endpoint without files still takes the drop, to say why nothing is attached.
  const fileDrop = useFileDrop(attachments.addFiles, canSend);

  const sendText = useCallback(
    (text: string) => {
      const parentMessageId = branchEnd?.messageId ?? NO_PARENT;
      const files = attachedFiles.length > 0 ? attachedFiles : undefined;
      send(
        {
          mode: 'normal',
          text,
          conversationId: isNew ? null : conversationId,
          parentMessageId,
          setup,
          replyLabel,
          files,
          ephemeralAgent,
        },
        added ? withReplyLabel(added, endpoints) : undefined,
      );
      clearAttachments();
    },
    [
      send,
      isNew,
      conversationId,
      branchEnd,
      setup,
      replyLabel,
      attachedFiles,
      clearAttachments,
      ephemeralAgent,
      added,
      endpoints,
    ],
  );

  // `?q=…&submit=true`: sent once, when the setup from the address is applied.
  const [prefill, setPrefill] = useState<string | undefined>(undefined);
  const shownQuery = useRef<typeof query>(null);
  if (query && shownQuery.current !== query) {
    shownQuery.current = query;
    setPrefill(query.text);
  }
  const canSendRef = useRef(false);
  canSendRef.current = canSend && !isSubmitting;
  useAutoSubmit({
    text: query?.text,
    enabled: isNew && query?.submit === true,
    isReady: () => querySettingsApplied,
    canSubmit: () => canSendRef.current,
    submit: (text) => {
      sendText(text);
      setPrefill('');
    },
  });

  // A `/` prompt with variables: the form asks for them, then sends the filled text.
  const [variablesText, setVariablesText] = useState<string | null>(null);

  const actions = useMessageActions({
    conversationId: isNew ? (run?.conversationId ?? null) : conversationId,
    messages,
    setup,
    replyLabel,
    ephemeralAgent,
    send,
  });
  const { chatDirection, maximizeChatSpace } = useChatLayout();
  const isEmpty = messages.length === 0;
  const isLoadingMessages = !isNew && stored.isPending;

  return (
    // A chosen chat direction applies to the chat area only; the rest of the page keeps the language's.
    <main
      dir={chatDirAttribute(chatDirection)}
      className="relative flex min-h-0 flex-1 flex-col"
      {...fileDrop.handlers}
    >
      {fileDrop.dragging && <DropOverlay />}
      {isLoadingMessages ? (
        <div className="m-auto" role="status" aria-label={t('com_ui_loading')}>
          <Spinner />
        </div>
      ) : isEmpty ? (
        <div className="flex min-h-0 flex-1 overflow-y-auto">
          <Landing
            userName={user?.name || user?.username}
            customWelcome={startupConfig?.interface.customWelcome}
            showBirthdayIcon={startupConfig?.showBirthdayIcon}
            endpoint={endpoint}
            endpointLabel={endpoint?.label}
            {...(agent
              ? {
                  agentOrAssistant: { name: agent.name, description: agent.description, avatarUrl: agent.avatarUrl },
                  starters: agent.starters,
                  onStarter: sendText,
                  canSend: canSend && !isSubmitting,
                }
              : {})}
          >
            {!agent && <PromptCards onRun={sendText} disabled={!canSend || isSubmitting} />}
          </Landing>
        </div>
      ) : (
        <MessageList
          messages={messages}
          streamingMessageId={chatRun.isSubmitting ? (run?.responseMessage?.messageId ?? null) : null}
          isSubmitting={isSubmitting}
          actions={actions}
          conversationKey={run?.conversationId ?? conversationId}
          userName={user?.name || user?.username}
          endpoint={setup.endpoint}
          onBranchEnd={setBranchEnd}
          forkable
          parallel={addedTurn.parallel}
        />
      )}
      <div className={`mx-auto w-full px-3 pb-2 pt-2 md:px-4 ${maximizeChatSpace ? '' : 'max-w-3xl'}`}>
        <EndpointNotOffered onSwitched={() => setEndpointSwitches((count) => count + 1)} />
        {added && <AddedModelChip added={added} onRemove={() => addedTurn.setAdded(null)} />}
        <Composer
          conversationId={composerConversationId}
          onSubmit={sendText}
          onStop={() => void addedTurn.abortAll()}
          isSubmitting={isSubmitting}
          disabled={!canSend}
          placeholder={composerPlaceholder(placeholderInput, t)}
          initialText={prefill}
          autoFocusKey={`${conversationId}:${endpointSwitches}`}
          attachments={attachments}
          badges={<BadgeRow chat={chatBadges} disabled={!canSend} />}
          commands={<ComposerCommands onPromptWithVariables={setVariablesText} onAddModel={addedTurn.setAdded} />}
        />
        <ChatFooter />
      </div>
      <PromptVariablesDialog
        open={variablesText !== null}
        onOpenChange={(open) => !open && setVariablesText(null)}
        promptText={variablesText ?? ''}
        onSubmit={sendText}
      />
      <StreamAnnouncer isStreaming={isSubmitting} />
    </main>
  );
}
