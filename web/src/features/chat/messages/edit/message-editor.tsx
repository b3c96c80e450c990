import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { editCommand } from './edit-shortcuts';

interface MessageEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** Saves and sends: a new branch for the user's message, a regeneration for a reply. */
  onSaveAndSubmit: () => void;
  /** Saves the text in place, nothing is sent. */
  onSave: () => void;
  onCancel: () => void;
  /** Sending is refused while a reply is being generated; saving in place is not. */
  canSubmit: boolean;
}

/**
 * The inline editor that replaces a message's text while it is edited.
 * It grows with its text up to 65% of the viewport height (75% on wider screens), then scrolls.
 */
export function MessageEditor({ value, onChange, onSaveAndSubmit, onSave, onCancel, canSubmit }: MessageEditorProps) {
  const { t } = useTranslation();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Edited text is required: an empty edit cannot be saved.
  const hasText = value.trim() !== '';

  // Focus once, with the caret after the text, where an edit usually starts.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    // Shrink first, or scrollHeight would never report less than the current height.
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight}px`;
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const command = editCommand({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (!command) return;
    // Ctrl/Cmd+S would open the browser's "save page" dialog; Escape must not reach a dialog around us.
    event.preventDefault();
    event.stopPropagation();
    if (command === 'cancel') onCancel();
    else if (command === 'save' && hasText) onSave();
    else if (command === 'save_and_submit' && hasText && canSubmit) onSaveAndSubmit();
  };

  return (
    <div className="w-full rounded-xl border border-border-medium bg-surface-input p-2 focus-within:outline-2 focus-within:outline-ring-primary">
      <textarea
        ref={textareaRef}
        aria-label={t('com_ui_edit_message')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        className="block max-h-[65vh] w-full resize-none overflow-y-auto bg-transparent px-1 py-1 text-base leading-6 text-text-primary outline-none md:max-h-[75vh]"
      />
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button onClick={onSaveAndSubmit} disabled={!hasText || !canSubmit} className="px-3 py-1.5">
          {t('com_ui_save_submit')}
        </Button>
        <Button variant="outline" onClick={onSave} disabled={!hasText} className="px-3 py-1.5">
          {t('com_ui_save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} className="px-3 py-1.5">
          {t('com_ui_cancel')}
        </Button>
      </div>
    </div>
  );
}
