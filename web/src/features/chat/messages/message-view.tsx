import { memo, useEffect, useId, useRef } from 'react';
import type { ChatMessage } from '@/shared/conversation/types';
import { SiblingNav } from '@/shared/message/actions/sibling-nav';
import { copyableText } from '@/shared/message/content/content-parts';
import { MessageContent } from '@/shared/message/content/message-content';
import { MessageFiles } from '@/shared/message/files/message-files';
import { UnfinishedNotice } from '@/shared/message/content/unfinished-notice';
import { MessageAvatar } from '@/shared/message/message-avatar';
import { useChatLayout } from '@/shared/preferences/chat-layout';
import { conversationModeActive, useSpeechSettings } from '@/shared/speech/speech-settings';
import { canFork, visibleActions } from './actions/action-rules';
import { MessageToolbar } from './actions/message-toolbar';
import { MessageEditor } from './edit/message-editor';

/**
 * What a message row can ask of the list. One stable object for all rows, so a row re-renders
 * only when its own data changes (the list is virtualised, but a streaming token must not
 * re-render every visible row).
 */
export interface MessageController {
  /** Pages the message's parent to the sibling `offset` steps away (-1 previous, +1 next). */
  stepSibling: (messageId: string, offset: number) => void;
  startEdit: (message: ChatMessage) => void;
  changeDraft: (text: string) => void;
  cancelEdit: () => void;
  /** Saves the edited text; `submit` also sends it (new branch or regeneration). */
  saveEdit: (message: ChatMessage, text: string, submit: boolean) => void;
  regenerate: (message: ChatMessage) => void;
  continueReply: (message: ChatMessage) => void;
  /** The id of the last message of the branch on screen, read when a fork is made. */
  branchEndId: () => string | null;
}

export interface MessageViewProps {
  message: ChatMessage;
  /** 0-based place among its versions (edits, regenerations), and how many there are. */
  siblingIndex: number;
  siblingCount: number;
  /** 1-based place in the branch and the branch's length, for the feed's article semantics. */
  position: number;
  setSize: number;
  senderName: string;
  /** The endpoint kind the action rules use (action-rules.ts `endpointKind`). */
  endpoint: string | null;
  /** This reply is the one arriving on the stream. */
  isStreaming: boolean;
  isSubmitting: boolean;
  /** The last message of the branch. */
  isLatest: boolean;
  /** No edit, regenerate or continue (shared or search views). */
  readOnly: boolean;
  /** The screen can fork (features/fork needs the router, query client and toasts). */
  forkable?: boolean;
  /** The editor's text while this message is edited, null otherwise. */
  editDraft: string | null;
  controller: MessageController;
  /** This reply just finished streaming here: automatic playback may read it. */
  justFinished?: boolean;
}

/** One message: who sent it, what it says, its state, its versions and its actions. */
export const MessageView = memo(function MessageView({
  message,
  siblingIndex,
  siblingCount,
  position,
  setSize,
  senderName,
  endpoint,
  isStreaming,
  isSubmitting,
  isLatest,
  readOnly,
  forkable = false,
  editDraft,
  controller,
  justFinished = false,
}: MessageViewProps) {
  const nameId = useId();
  const isEditing = editDraft !== null;
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const articleRef = useRef<HTMLElement>(null);

  // When the editor closes, focus would fall to the page; give it back to the edit button.
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    if (wasEditing.current && !isEditing) {
      const active = document.activeElement;
      if (!active || active === document.body || articleRef.current?.contains(active)) {
        (editButtonRef.current ?? articleRef.current)?.focus();
      }
    }
    wasEditing.current = isEditing;
  }, [isEditing]);

  const visible = visibleActions({ message, endpoint, isSubmitting, isEditing, isLatest, readOnly });
  const forkConversationId =
    forkable && canFork({ message, endpoint, isSubmitting, isEditing, isLatest, readOnly })
      ? message.conversationId
      : null;
  // The streaming reply changes under the pointer: its actions wait until it is done.
  const showToolbar = !isStreaming && !isEditing;
  const speech = useSpeechSettings();
  const readAloud =
    speech.textToSpeech && !message.isCreatedByUser && !readOnly && !message.error
      ? {
          messageId: message.messageId,
          text: copyableText(message.text, message.content),
          autoPlay: justFinished && (speech.automaticPlayback || conversationModeActive(speech)),
        }
      : null;
  // An earlier message's actions show only on hover or focus. With a mouse they float over the
  // top right of the row instead of keeping an empty line below every message; on touch (no
  // hover) they stay in the flow, always shown.
  const floatingToolbar = showToolbar && !isLatest && siblingCount < 2;
  // The text size and column width chosen in the chat settings.
  const { fontSize, maximizeChatSpace } = useChatLayout();

  return (
    <article
      ref={articleRef}
      aria-labelledby={nameId}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-busy={isStreaming || undefined}
      tabIndex={0}
      data-message-id={message.messageId}
      // Phones: the avatar sits beside the name and the message takes the full width below (a
      // grid the column's children join); from 768 px the avatar has a column of its own.
      className={`group relative mx-auto grid w-full grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2.5 gap-y-1 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring-primary md:flex md:items-start md:gap-3 ${maximizeChatSpace ? '' : 'max-w-3xl'}`}
    >
      <MessageAvatar
        isUser={message.isCreatedByUser}
        name={senderName}
        endpoint={message.endpoint}
        iconURL={message.iconURL}
      />
      <div className="contents max-md:[&>*]:min-w-0 max-md:[&>:not(h2)]:col-span-2 md:block md:min-w-0 md:flex-1">
        <h2 id={nameId} className="text-sm font-semibold leading-7 text-text-primary">
          {senderName}
        </h2>
        {message.files && message.files.length > 0 && <MessageFiles files={message.files} />}
        {isEditing ? (
          <MessageEditor
            value={editDraft}
            onChange={controller.changeDraft}
            onSaveAndSubmit={() => controller.saveEdit(message, editDraft, true)}
            onSave={() => controller.saveEdit(message, editDraft, false)}
            onCancel={controller.cancelEdit}
            canSubmit={!isSubmitting}
          />
        ) : (
          // A line height relative to the chosen size keeps every size as airy as 16 px on 28 px.
          <div className={`break-words leading-[1.75] text-text-primary ${fontSize}`}>
            <MessageContent message={message} isStreaming={isStreaming} />
          </div>
        )}
        <UnfinishedNotice active={!!message.unfinished && !isSubmitting && !message.error} />
        {(siblingCount > 1 || showToolbar) && (
          <div
            className={`-ms-2 mt-1 flex min-h-8 flex-wrap items-center gap-1 ${
              floatingToolbar ? 'pointer-fine:absolute pointer-fine:end-4 pointer-fine:top-2 pointer-fine:m-0' : ''
            }`}
          >
            <SiblingNav
              siblingIndex={siblingIndex}
              siblingCount={siblingCount}
              onStep={(offset) => controller.stepSibling(message.messageId, offset)}
            />
            {showToolbar && (
              <div
                className={`transition-opacity focus-within:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100 ${
                  isLatest ? 'opacity-100' : 'opacity-0'
                } ${floatingToolbar ? 'pointer-fine:rounded-lg pointer-fine:border pointer-fine:border-border-light pointer-fine:bg-surface-primary pointer-fine:shadow-sm' : ''}`}
              >
                <MessageToolbar
                  copyText={copyableText(message.text, message.content)}
                  visible={visible}
                  onEdit={() => controller.startEdit(message)}
                  onRegenerate={() => controller.regenerate(message)}
                  onContinue={() => controller.continueReply(message)}
                  editButtonRef={editButtonRef}
                  readAloud={readAloud}
                  fork={
                    forkConversationId
                      ? {
                          conversationId: forkConversationId,
                          messageId: message.messageId,
                          getLatestMessageId: controller.branchEndId,
                        }
                      : null
                  }
                />
              </div>
            )}
          </div>
        )}
      </div>
    </article>
  );
});
