import { type Ref, useContext } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { ActionButton } from '@/shared/message/actions/action-button';
import { CheckIcon, ContinueIcon, CopyIcon, EditIcon, RegenerateIcon } from '@/shared/message/icons';
import type { VisibleActions } from './action-rules';
import { type ForkPoint, ForkButtonSlot } from './fork-slot';
import { ReadAloudButton, type ReadAloudButtonProps } from './read-aloud-button';

/** How long "Copied" shows after copying: 3 s, like every copy confirmation. */
export const COPY_CONFIRMATION_MS = 3000;

interface MessageToolbarProps {
  /** What copy puts on the clipboard. */
  copyText: string;
  visible: VisibleActions;
  onEdit: () => void;
  onRegenerate: () => void;
  onContinue: () => void;
  /** Focus returns here when the editor closes. */
  editButtonRef?: Ref<HTMLButtonElement>;
  /** Where a fork is taken, when the rules offer it (action-rules.ts `canFork`). */
  fork?: ForkPoint | null;
  /** A reply to read aloud, when text to speech is on. */
  readAloud?: ReadAloudButtonProps | null;
}

/** A message's actions; each is present only when the rules allow it (action-rules.ts). */
export function MessageToolbar({
  copyText,
  visible,
  onEdit,
  onRegenerate,
  onContinue,
  editButtonRef,
  fork,
  readAloud,
}: MessageToolbarProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard(COPY_CONFIRMATION_MS);
  const ForkButton = useContext(ForkButtonSlot);
  return (
    <div role="group" aria-label={t('com_ui_message_actions')} className="inline-flex items-center gap-0.5">
      {visible.copy && (
        <ActionButton
          label={copied ? t('com_ui_copied') : t('com_ui_copy_to_clipboard')}
          icon={copied ? <CheckIcon /> : <CopyIcon />}
          onClick={() => void copy(copyText)}
        />
      )}
      {readAloud && <ReadAloudButton {...readAloud} />}
      {visible.edit && (
        <ActionButton ref={editButtonRef} label={t('com_ui_edit')} icon={<EditIcon />} onClick={onEdit} />
      )}
      {fork && ForkButton && <ForkButton {...fork} />}
      {visible.regenerate && (
        <ActionButton label={t('com_ui_regenerate')} icon={<RegenerateIcon />} onClick={onRegenerate} />
      )}
      {visible.continue && <ActionButton label={t('com_ui_continue')} icon={<ContinueIcon />} onClick={onContinue} />}
      {/* The label change alone is not announced while the button keeps focus. */}
      <span role="status" className="sr-only">
        {copied ? t('com_ui_copied') : ''}
      </span>
    </div>
  );
}
