import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PaperclipIcon } from './icons';

interface AttachButtonProps {
  onFiles(files: File[]): void;
  /** The endpoint takes no files: the button stays, disabled, and says why. */
  filesDisabled: boolean;
  /** The composer itself is off (no endpoint usable yet). */
  disabled: boolean;
}

/**
 * Opens the file chooser. One chooser for images and documents alike: what the endpoint
 * accepts is checked, with the reasons shown, once the files are picked.
 */
export function AttachButton({ onFiles, filesDisabled, disabled }: AttachButtonProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const label = filesDisabled ? t('com_error_files_unsupported_capability') : t('com_ui_attach_files');
  return (
    <>
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={disabled || filesDisabled}
        aria-label={label}
        title={label}
        className="inline-flex size-10 shrink-0 items-center justify-center self-end rounded-full text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 sm:size-8 sm:mb-1"
      >
        <PaperclipIcon />
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="attach-file-input"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // The same file can be chosen again after it was removed.
          event.target.value = '';
        }}
      />
    </>
  );
}
