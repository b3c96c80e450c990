import { useTranslation } from '@/lib/i18n/react';
import { GhostIcon } from './setup-icons';

/**
 * Shown instead of the temporary-chat switch once a temporary conversation has started: the
 * switch only applies to a new conversation, and without this nothing would tell the user
 * that this one is still kept out of their history. On narrow screens only the icon shows,
 * so the header stays on one row; the name stays readable to screen readers.
 */
export function TemporaryChatMarker() {
  const { t } = useTranslation();
  return (
    <span
      title={t('com_endpoint_temporary_chat_on')}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-ring-primary bg-surface-secondary px-2.5 text-sm text-text-primary"
    >
      <GhostIcon />
      <span className="sr-only lg:not-sr-only">{t('com_endpoint_temporary_chat')}</span>
    </span>
  );
}
