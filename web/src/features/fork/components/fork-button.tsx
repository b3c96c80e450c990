import '@/shared/i18n/export-i18n';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { ActionButton } from '@/shared/message/actions/action-button';
import { useFork } from '../hooks/use-fork';
import { rememberedForkOption, useForkSettings } from '../lib/fork-settings';
import { ForkDialog } from './fork-dialog';
import { FORK_OPTION_TEXT } from './fork-option-list';
import { ForkIcon } from './icons';

export interface ForkButtonProps {
  conversationId: string;
  messageId: string;
  /** The end of the branch on screen, read when the fork is made (a split fork ends there). */
  getLatestMessageId?: () => string | null | undefined;
}

/**
 * A message's fork action. It asks for the options, unless a choice was remembered: then it
 * forks at once with it, as LibreChat does.
 */
export function ForkButton({ conversationId, messageId, getLatestMessageId }: ForkButtonProps) {
  const { t } = useTranslation();
  const settings = useForkSettings();
  const { fork, isForking } = useFork();
  const [open, setOpen] = useState(false);
  const remembered = rememberedForkOption(settings);
  const rememberedLabel = FORK_OPTION_TEXT.find((entry) => entry.option === remembered)?.label;

  const forkWith = (option: NonNullable<typeof remembered>, splitAtTarget: boolean, announce = false) =>
    fork(
      { conversationId, messageId, option, splitAtTarget, latestMessageId: getLatestMessageId?.() },
      { onDone: () => setOpen(false), announce },
    );

  return (
    <>
      <ActionButton
        label={rememberedLabel ? t('com_ui_fork_remembered', { option: t(rememberedLabel) }) : t('com_ui_fork')}
        icon={<ForkIcon />}
        disabled={isForking}
        aria-haspopup={remembered ? undefined : 'dialog'}
        onClick={() => (remembered ? forkWith(remembered, settings.splitAtTarget, true) : setOpen(true))}
      />
      {open && <ForkDialog onClose={() => setOpen(false)} onFork={forkWith} isForking={isForking} />}
    </>
  );
}
