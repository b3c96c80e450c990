import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { startBadgeEditing } from '@/features/chat/badges/badge-layout';
import { ForkSettingsRows } from '@/features/fork/components/fork-settings-rows';
import type { TranslationKey } from '@/lib/i18n/keys';
import { type ChatPreferences, useChatPreferences } from '@/shared/preferences/chat-preferences';

const ROWS: readonly { key: keyof ChatPreferences; label: TranslationKey; description: TranslationKey }[] = [
  { key: 'enterToSend', label: 'com_nav_enter_to_send', description: 'com_nav_info_enter_to_send' },
  { key: 'showThinking', label: 'com_nav_show_thinking', description: 'com_nav_info_show_thinking' },
  { key: 'saveDrafts', label: 'com_nav_save_drafts', description: 'com_nav_info_save_drafts' },
];

export const ChatBubbleIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    className={className}
  >
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </svg>
);

type PreferenceSwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelId: string;
  /** Shown but not usable: it stays focusable so a screen reader still finds it and hears why. */
  disabled?: boolean;
};

/** An on/off switch (ARIA `switch`), named by its row's label; Space and Enter toggle it as a button. */
export function PreferenceSwitch({ checked, onChange, labelId, disabled = false }: PreferenceSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onChange(!checked);
      }}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${
        checked ? 'bg-surface-submit' : 'bg-border-medium'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow-sm transition-transform ${checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`}
      />
    </button>
  );
}

/**
 * Chat preferences kept in this browser: Enter to send, thinking sections, drafts, the chat
 * badges, forking. Editing the badges happens in the composer's row itself: the Edit button
 * starts it and closes the settings (`onClose`) so the row is in view.
 */
export function ChatTab({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const preferences = useChatPreferences();
  const baseId = useId();
  const editBadges = () => {
    startBadgeEditing();
    onClose?.();
  };
  return (
    <div className="divide-y divide-border-light">
      {ROWS.map(({ key, label, description }) => {
        const labelId = `${baseId}-${key}`;
        return (
          <SettingsRow key={key} label={t(label)} description={t(description)} labelId={labelId}>
            <PreferenceSwitch
              checked={preferences[key]}
              onChange={(checked) => preferences.set(key, checked)}
              labelId={labelId}
            />
          </SettingsRow>
        );
      })}
      <SettingsRow label={t('com_nav_chat_badges')} description={t('com_nav_info_chat_badges')}>
        <Button variant="outline" onClick={editBadges} aria-label={`${t('com_ui_edit')}: ${t('com_nav_chat_badges')}`}>
          {t('com_ui_edit')}
        </Button>
      </SettingsRow>
      <ForkSettingsRows />
    </div>
  );
}
