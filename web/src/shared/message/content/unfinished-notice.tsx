import { useTranslation } from '@/lib/i18n/react';
import { AlertIcon } from '../icons';
import { useDelayedFlag } from './use-delayed-flag';

/** The notice waits this long, so a reply finishing normally never flashes it. */
export const UNFINISHED_NOTICE_DELAY_MS = 250;

/** Shown under a reply that stopped before it was complete, once nothing is being sent. */
export function UnfinishedNotice({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(active, UNFINISHED_NOTICE_DELAY_MS);
  if (!shown) return null;
  return (
    <p className="mt-2 flex items-start gap-2 rounded-lg border border-border-medium bg-surface-secondary px-3 py-2 text-sm text-text-secondary">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{t('com_ui_unfinished_notice')}</span>
    </p>
  );
}
