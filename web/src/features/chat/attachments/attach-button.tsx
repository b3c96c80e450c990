import { type RefObject, useRef } from 'react';
import { DropdownMenu, type DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useTranslation } from '@/lib/i18n/react';
import { documentAccept, imageAccept } from './file-type';
import { DocumentIcon, ImageIcon, PaperclipIcon } from './icons';

interface AttachButtonProps {
  onFiles(files: File[]): void;
  /** The endpoint takes no files: the button stays, disabled, and says why. */
  filesDisabled: boolean;
  /** The composer itself is off (no endpoint usable yet). */
  disabled: boolean;
  /** The chosen model can see images: "Upload image" is offered. */
  seesImages: boolean;
  /** The types the endpoint takes; undefined while its limits load (every chooser is open then). */
  supportedMimeTypes: string[] | undefined;
}

const BUTTON_CLASSES =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 sm:size-8';

/** Where the button sits in the composer's row. */
const PLACE_CLASSES = 'self-end sm:mb-1';

/**
 * The paperclip. With two kinds of file to offer it opens a menu: "Upload image" (the image
 * types the model is shown, only for a model that sees images) and "Upload file" (the endpoint's
 * document types); with one it opens that chooser at once. Whatever is picked is still checked,
 * with the reasons shown, before anything is uploaded (a chooser's filter can be overridden).
 */
export function AttachButton({ onFiles, filesDisabled, disabled, seesImages, supportedMimeTypes }: AttachButtonProps) {
  const { t } = useTranslation();
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const images = seesImages ? imageAccept(supportedMimeTypes) : '';
  const documents = documentAccept(supportedMimeTypes);
  const label = filesDisabled ? t('com_error_files_disabled') : t('com_ui_attach_files');

  const choices: DropdownMenuItem[] = [];
  if (images !== '')
    choices.push({
      id: 'image',
      label: t('com_ui_attach_image'),
      icon: <ImageIcon className="size-4" />,
      onSelect: () => imageInput.current?.click(),
    });
  if (documents !== null)
    choices.push({
      id: 'file',
      label: t('com_ui_attach_document'),
      icon: <DocumentIcon className="size-4" />,
      onSelect: () => fileInput.current?.click(),
    });

  const inputs = (
    <>
      <ChooserInput inputRef={imageInput} accept={images} testId="attach-image-input" onFiles={onFiles} />
      <ChooserInput inputRef={fileInput} accept={documents ?? ''} testId="attach-file-input" onFiles={onFiles} />
    </>
  );

  if (disabled || filesDisabled || choices.length < 2) {
    // One chooser, or none the endpoint's types fit: the document chooser, filtered or not.
    const only = choices[0]?.id === 'image' ? imageInput : fileInput;
    return (
      <>
        <button
          type="button"
          onClick={() => only.current?.click()}
          disabled={disabled || filesDisabled}
          aria-label={label}
          title={label}
          className={`${BUTTON_CLASSES} ${PLACE_CLASSES}`}
        >
          <PaperclipIcon />
        </button>
        {inputs}
      </>
    );
  }
  return (
    <>
      <DropdownMenu
        trigger={<PaperclipIcon />}
        triggerLabel={label}
        items={choices}
        align="start"
        className={PLACE_CLASSES}
        triggerClassName={BUTTON_CLASSES}
      />
      {inputs}
    </>
  );
}

interface ChooserInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  testId: string;
  onFiles(files: File[]): void;
}

function ChooserInput({ inputRef, accept, testId, onFiles }: ChooserInputProps) {
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      hidden
      accept={accept || undefined}
      data-testid={testId}
      onChange={(event) => {
        onFiles(Array.from(event.target.files ?? []));
        // The same file can be chosen again after it was removed.
        event.target.value = '';
      }}
    />
  );
}
