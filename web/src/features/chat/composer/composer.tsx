import { type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useTranslation } from '@/lib/i18n/react';
import { chatDirAttribute, composerFontClass, useChatLayout } from '@/shared/preferences/chat-layout';
import { preloadMarkdown } from '@/shared/markdown';
import { useChatPreferences } from '@/shared/preferences/chat-preferences';
import { AttachButton } from '../attachments/attach-button';
import { AttachmentThumbs } from '../attachments/attachment-thumbs';
import { pastedFile } from '../attachments/paste-name';
import type { AttachmentsController } from '../attachments/use-attachments';
import { DictationButton } from '../speech/dictation-button';
import { isCoarsePointer } from './coarse-pointer';
import { type ComposerInput, ComposerInputContext, type ComposerKeyHandler } from './composer-input';
import { enterKeyAction } from './enter-key';
import { CollapseIcon, ExpandIcon, SendIcon, StopIcon } from './icons';
import { useAutoGrow } from './use-auto-grow';
import { useDraft } from './use-draft';

/**
 * Switching endpoint, model or agent changes the placeholder's inputs one after another;
 * waiting for them to settle keeps it from flickering through the steps.
 */
export const PLACEHOLDER_DEBOUNCE_MS = 80;

/** The message box's id: the page's skip link leads here. There is one composer per page. */
export const MESSAGE_BOX_ID = 'prompt-textarea';

export type ComposerProps = {
  /** Whose draft is shown and saved; `new` and `PENDING` included. */
  conversationId: string;
  /** Called with the text as typed; the composer then empties and drops the draft. */
  onSubmit: (text: string) => void;
  onStop: () => void;
  /** A reply is streaming: sending is off and the stop button replaces send. */
  isSubmitting: boolean;
  /** No message can be written (see `composerBlocker`); the placeholder says why. */
  disabled?: boolean;
  placeholder: string;
  /** Text to pre-fill, from the `prompt` / `q` query parameter. */
  initialText?: string;
  /** Changes when the user navigates to a conversation: the composer takes focus. */
  autoFocusKey?: unknown;
  /** The files attached to the message; without it the composer takes text only. */
  attachments?: AttachmentsController;
  /** The badge row under the message box: switches that shape the send (web search, MCP servers). */
  badges?: ReactNode;
  /** Lists that open above the box as a command is typed (`/`, `@`); they read it through useComposerInput. */
  commands?: ReactNode;
};

/** Whether focus is in a text field other than `own`, where taking it away would lose the user's place. */
function isTypingElsewhere(own: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === own) return false;
  return active.isContentEditable || active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement;
}

const iconButton =
  'inline-flex shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed';

/** The message box under the conversation: grows with its text, keeps a draft, sends or stops. */
export function Composer({
  conversationId,
  onSubmit,
  onStop,
  isSubmitting,
  disabled = false,
  placeholder,
  initialText,
  autoFocusKey,
  attachments,
  badges,
  commands,
}: ComposerProps) {
  const { t } = useTranslation();
  const { enterToSend, saveDrafts } = useChatPreferences();
  const { fontSize, chatDirection } = useChatLayout();
  const { text, setText, clear } = useDraft(conversationId, { initialText, enabled: saveDrafts });
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const shownPlaceholder = useDebouncedValue(placeholder, PLACEHOLDER_DEBOUNCE_MS);
  const { tall, collapsed, toggle } = useAutoGrow(textareaRef, text, shownPlaceholder, fontSize);
  const textareaId = MESSAGE_BOX_ID;
  const keyHandlerRef = useRef<ComposerKeyHandler | null>(null);
  // Rebuilt each render: the commands render with the composer anyway, as its children.
  const input: ComposerInput = { text, replaceText: setText, textareaRef, keyHandlerRef };

  // Files still uploading hold the send: the message must not go out without them.
  const hasText = text.trim().length > 0;
  const canSend = !disabled && !isSubmitting && hasText && !attachments?.isLoading;
  // The reply to what is being typed is drawn as markdown: fetch the renderer now, not on the
  // first token (a new chat's page does not load it until then).
  useEffect(() => {
    if (hasText) preloadMarkdown();
  }, [hasText]);

  const focusTextarea = () => {
    // On touch devices focus would open the keyboard over the reply the user wants to read.
    if (isCoarsePointer()) return;
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  };

  const send = () => {
    if (!canSend) return;
    onSubmit(text);
    clear();
    // A click on send leaves focus on a button that is about to become the stop button.
    focusTextarea();
  };

  // Only navigation moves focus, not other prop changes; on mount too, since opening a
  // conversation is navigating to it. A box still disabled then (the page's setup loading, as
  // right after signing in) takes it as soon as it is enabled. It never takes focus from another
  // field the user is typing in (the sidebar's search box clears itself into a new chat).
  const focusedFor = useRef<{ key: unknown } | null>(null);
  useEffect(() => {
    if (disabled || (focusedFor.current && Object.is(focusedFor.current.key, autoFocusKey))) return;
    focusedFor.current = { key: autoFocusKey };
    if (isTypingElsewhere(textareaRef.current)) return;
    focusTextarea();
  }, [autoFocusKey, disabled]);

  // Dictated text joins what was typed before dictation started; the latest send is kept for auto-send.
  const dictationBase = useRef<string | null>(null);
  const onDictated = (heard: string, final: boolean) => {
    dictationBase.current ??= text;
    const base = dictationBase.current;
    setText(base && heard ? `${base.trimEnd()} ${heard}` : base || heard);
    if (final) dictationBase.current = null;
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An open command list takes its keys (arrows, Enter, Tab, Escape) before Enter can send.
    if (keyHandlerRef.current?.(event)) return;
    const action = enterKeyAction(event.nativeEvent, { enterToSend, isSubmitting });
    if (action === 'default') return;
    event.preventDefault();
    if (action === 'send') send();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (!attachments || files.length === 0) return;
    // Copied rich content can carry both text and an image of it: the text is pasted as usual.
    if (!event.clipboardData.getData('text/plain')) event.preventDefault();
    attachments.addFiles(files.map((file) => pastedFile(file)));
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onFormSubmit} className="relative w-full">
      <ComposerInputContext.Provider value={input}>{commands}</ComposerInputContext.Provider>
      {/* The textarea draws no outline of its own: the box around it carries a 2 px ring. */}
      <div
        className={`w-full rounded-3xl border border-border-medium bg-surface-input p-2 shadow-xs transition has-[textarea:focus]:border-ring-primary has-[textarea:focus]:outline-2 has-[textarea:focus]:outline-offset-2 has-[textarea:focus]:outline-ring-primary ${
          disabled ? 'opacity-70' : ''
        }`}
      >
        {attachments && <AttachmentThumbs items={attachments.items} onRemove={attachments.remove} />}
        <div className="flex w-full items-end gap-2">
          {attachments && (
            <AttachButton
              onFiles={attachments.addFiles}
              filesDisabled={attachments.disabled}
              disabled={disabled}
              seesImages={attachments.seesImages}
              supportedMimeTypes={attachments.supportedMimeTypes}
            />
          )}
          <textarea
            ref={textareaRef}
            id={textareaId}
            rows={1}
            // A chosen chat direction holds; otherwise the text's first letters decide.
            dir={chatDirAttribute(chatDirection) ?? 'auto'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            disabled={disabled}
            placeholder={shownPlaceholder}
            aria-label={t('com_ui_message_input')}
            enterKeyHint={enterToSend ? 'send' : 'enter'}
            // The chat's text size (kept at 16 px on touch screens, see composerFontClass).
            className={`block min-h-10 w-full min-w-0 flex-1 resize-none overflow-y-auto bg-transparent px-2 py-2 ${composerFontClass(fontSize)} leading-normal text-text-primary outline-none placeholder:text-text-tertiary disabled:cursor-not-allowed ${
              collapsed ? 'max-h-[52px]' : 'max-h-[55vh] md:max-h-[45vh]'
            }`}
          />
          <div className="mb-0.5 sm:mb-1">
            <DictationButton
              isSubmitting={isSubmitting}
              disabled={disabled}
              onText={onDictated}
              onAutoSend={() => sendRef.current()}
            />
          </div>
          <div className="flex flex-col items-center justify-between gap-1 self-stretch">
            {tall ? (
              <button
                type="button"
                onClick={toggle}
                aria-controls={textareaId}
                aria-expanded={!collapsed}
                aria-label={t(collapsed ? 'com_ui_expand_input' : 'com_ui_collapse_input')}
                title={t(collapsed ? 'com_ui_expand_input' : 'com_ui_collapse_input')}
                className={`${iconButton} size-10 text-text-secondary hover:bg-surface-secondary hover:text-text-primary sm:size-8`}
              >
                {collapsed ? <ExpandIcon /> : <CollapseIcon />}
              </button>
            ) : (
              <span />
            )}
            {isSubmitting ? (
              <button
                type="button"
                onClick={onStop}
                aria-label={t('com_ui_stop_generating')}
                title={t('com_ui_stop_generating')}
                className={`${iconButton} size-11 bg-text-primary text-surface-primary hover:opacity-80 sm:size-10`}
              >
                <StopIcon />
              </button>
            ) : (
              <button
                type="submit"
                disabled={!canSend}
                aria-label={t('com_ui_send_message')}
                title={t('com_ui_send_message')}
                className={`${iconButton} size-11 bg-surface-submit text-white hover:bg-surface-submit-hover disabled:bg-border-medium disabled:text-text-tertiary sm:size-10`}
              >
                <SendIcon />
              </button>
            )}
          </div>
        </div>
        {badges}
      </div>
    </form>
  );
}
