import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';

/** A title is at most 100 characters (the server refuses longer). */
const TITLE_MAX_CHARS = 100;

type RenameInputProps = {
  title: string;
  /** Called once with the trimmed new title, only when it differs from the old one and is not empty. */
  onSave: (title: string) => void;
  /** Called when nothing is to be saved (Escape, unchanged or emptied title). */
  onDone: () => void;
};

/** Inline rename: Enter or leaving the field saves, Escape cancels. */
export function RenameInput({ title, onSave, onDone }: RenameInputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  // Enter ends the edit and the unmount then blurs the field: only the first ending counts.
  const ended = useRef(false);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const end = (save: boolean) => {
    if (ended.current) return;
    ended.current = true;
    const next = value.trim();
    if (save && next !== '' && next !== title) onSave(next);
    else onDone();
  };

  return (
    <input
      ref={inputRef}
      value={value}
      maxLength={TITLE_MAX_CHARS}
      aria-label={t('com_ui_rename_conversation', { title })}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => end(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          end(true);
        } else if (event.key === 'Escape') {
          // The sidebar closes on Escape on phones: here Escape belongs to the field.
          event.preventDefault();
          event.stopPropagation();
          end(false);
        }
      }}
      className="h-full w-full min-w-0 rounded-md border border-border-medium bg-surface-primary px-2 text-sm text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
    />
  );
}
