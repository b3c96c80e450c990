import { useTranslation } from '@/lib/i18n/react';
import { useChatSetup } from '../chat-setup-context';
import { GhostIcon } from './setup-icons';

/**
 * Marks the new conversation temporary (not kept in history). The bar shows it only with the
 * TEMPORARY_CHAT permission and the interface toggle on.
 */
export function TemporaryChatToggle({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { setup, update } = useChatSetup();
  const on = setup.isTemporary === true;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t('com_endpoint_temporary_chat')}
      title={on ? t('com_endpoint_temporary_chat_on') : t('com_endpoint_temporary_chat')}
      disabled={disabled}
      onClick={() => update({ isTemporary: !on })}
      // Colours only: an animated opacity would show the text half-faded for a moment after the
      // setup becomes ready, below AA contrast (axe caught it mid-fade).
      className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border px-2.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 ${
        on
          ? 'border-ring-primary bg-surface-secondary text-text-primary'
          : 'border-border-light text-text-secondary hover:bg-surface-secondary hover:text-text-primary'
      }`}
    >
      <GhostIcon />
      <span className="hidden lg:inline">{t('com_endpoint_temporary_chat')}</span>
    </button>
  );
}
