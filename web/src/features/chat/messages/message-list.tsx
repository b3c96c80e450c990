import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { useBranchSelection } from '@/shared/conversation/tree/use-branch-selection';
import type { ChatMessage } from '@/shared/conversation/types';
import { useOwnSenderName } from '@/shared/message/own-sender-name';
import { endpointKind } from './actions/action-rules';
import { estimateMessageRowPx, estimateRowPx } from './list/row-estimate';
import { VirtualFeed } from './list/virtual-feed';
import type { MessageActions } from './message-actions';
import { type MessageController, MessageView } from './message-view';
import { ParallelReplies, type ParallelTurn } from './parallel-replies';
import { useFinishedReply } from './use-finished-reply';

export type { MessageActions } from './message-actions';

export interface MessageListProps {
  /** Every message of the conversation, flat; the branch on screen is worked out here. */
  messages: ChatMessage[];
  /** The reply arriving on the stream, if any. */
  streamingMessageId?: string | null;
  isSubmitting: boolean;
  actions: MessageActions;
  /** Identifies the conversation: sibling choices and the open editor belong to it. */
  conversationKey: string;
  /** The signed-in user's name, shown on their messages ("You" without one, or when they hide it). */
  userName?: string | null;
  /** The conversation's endpoint, for messages that do not name their own. */
  endpoint?: string | null;
  /** Shared or search views: no edit, regenerate or continue. */
  readOnly?: boolean;
  /** Offer "fork" on saved messages (the chat screen; features/fork). */
  forkable?: boolean;
  /** Told the last message of the branch on screen: the one a new message replies to. */
  onBranchEnd?: (message: ChatMessage | null) => void;
  /** A turn answered by two models, shown side by side where either reply is on the branch. */
  parallel?: ParallelTurn | null;
}

interface EditingState {
  conversationKey: string;
  messageId: string;
  text: string;
}

/**
 * The conversation on screen: the current branch of the message
 * tree, virtualised, with sibling navigation and per-message actions. Holds the open editor's
 * text itself, so an edit survives its row scrolling out of the virtual window.
 */
export function MessageList({
  messages,
  streamingMessageId = null,
  isSubmitting,
  actions,
  conversationKey,
  userName,
  endpoint = null,
  readOnly = false,
  forkable = false,
  onBranchEnd,
  parallel = null,
}: MessageListProps) {
  const { t } = useTranslation();
  const { branch, stepSibling } = useBranchSelection(messages, conversationKey);
  const [editingState, setEditing] = useState<EditingState | null>(null);
  // An editor left open in another conversation is dropped, not carried over.
  const editing = editingState?.conversationKey === conversationKey ? editingState : null;
  const isStreaming =
    streamingMessageId !== null && branch.some((entry) => entry.message.messageId === streamingMessageId);
  const branchEnd = branch.length > 0 ? branch[branch.length - 1]!.message : null;
  useEffect(() => {
    onBranchEnd?.(branchEnd);
  }, [onBranchEnd, branchEnd]);

  // Rows get one stable controller; it reads the latest props through this ref.
  const latest = useRef({ branch, stepSibling, actions, conversationKey });
  useLayoutEffect(() => {
    latest.current = { branch, stepSibling, actions, conversationKey };
  });
  const controller = useMemo<MessageController>(
    () => ({
      stepSibling: (messageId, offset) => {
        const entry = latest.current.branch.find((item) => item.message.messageId === messageId);
        if (entry) latest.current.stepSibling(entry, offset);
      },
      startEdit: (message) =>
        setEditing({
          conversationKey: latest.current.conversationKey,
          messageId: message.messageId,
          text: message.text,
        }),
      changeDraft: (text) => setEditing((previous) => previous && { ...previous, text }),
      cancelEdit: () => setEditing(null),
      saveEdit: (message, text, submit) => {
        setEditing(null);
        if (submit) latest.current.actions.onEditSubmit(message, text);
        else latest.current.actions.onSaveEdit(message, text);
      },
      regenerate: (message) => latest.current.actions.onRegenerate(message),
      continueReply: (message) => latest.current.actions.onContinue(message),
      branchEndId: () => latest.current.branch.at(-1)?.message.messageId ?? null,
    }),
    [],
  );

  const ownName = useOwnSenderName(userName);
  const senderName = useCallback(
    (message: ChatMessage) =>
      message.isCreatedByUser ? ownName : message.sender.trim() || message.model?.trim() || t('com_ui_assistant'),
    [t, ownName],
  );

  const getItemKey = useCallback((index: number) => branch[index]?.message.messageId ?? String(index), [branch]);
  const estimateSize = useCallback(
    (index: number) => {
      const message = branch[index]?.message;
      return message ? estimateMessageRowPx(message) : estimateRowPx('', false);
    },
    [branch],
  );
  const finishedReply = useFinishedReply(streamingMessageId, branch.at(-1)?.message);
  const renderItem = (index: number) => {
    const entry = branch[index];
    if (!entry) return null;
    const inTurn = parallel && [parallel.firstId, parallel.added.messageId].includes(entry.message.messageId);
    if (!inTurn) return renderMessage(index, entry.message, entry.siblingIndex, entry.siblingIds.length);
    const first = messages.find((message) => message.messageId === parallel.firstId) ?? entry.message;
    // Both replies show here: the versions arrows would only swap the two columns.
    return (
      <ParallelReplies
        first={renderMessage(index, first, 0, 1)}
        second={renderMessage(index, parallel.added, 0, 1)}
        firstModel={first.model}
        secondModel={parallel.added.model}
        firstStreaming={parallel.firstStreaming}
        secondStreaming={parallel.addedStreaming}
        onStopFirst={parallel.onStopFirst}
        onStopSecond={parallel.onStopAdded}
      />
    );
  };
  const renderMessage = (index: number, message: ChatMessage, siblingIndex: number, siblingCount: number) => {
    return (
      <MessageView
        message={message}
        siblingIndex={siblingIndex}
        siblingCount={siblingCount}
        position={index + 1}
        setSize={branch.length}
        senderName={senderName(message)}
        endpoint={endpointKind(message.endpoint, endpoint)}
        isStreaming={
          message.messageId === streamingMessageId ||
          (message.messageId === parallel?.added.messageId && parallel.addedStreaming)
        }
        justFinished={message.messageId === finishedReply}
        isSubmitting={isSubmitting}
        isLatest={index === branch.length - 1}
        readOnly={readOnly}
        forkable={forkable}
        editDraft={editing?.messageId === message.messageId ? editing.text : null}
        controller={controller}
      />
    );
  };

  if (branch.length === 0) {
    return <p className="m-auto p-6 text-center text-sm text-text-secondary">{t('com_ui_nothing_found')}</p>;
  }

  const last = branch[branch.length - 1]!.message;
  return (
    <VirtualFeed
      count={branch.length}
      getItemKey={getItemKey}
      estimateSize={estimateSize}
      renderItem={renderItem}
      label={t('com_ui_messages')}
      isBusy={isStreaming || parallel?.addedStreaming === true}
      isSubmitting={isSubmitting}
      conversationKey={conversationKey}
      contentVersion={`${branch.length}:${last.messageId}:${last.text.length}:${parallel?.added.text.length ?? 0}`}
    />
  );
}
