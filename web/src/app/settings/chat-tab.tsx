import { useId } from 'react';
import { SettingsRow } from '@/components/ui/settings-row';
import { ForkSettingsRows } from '@/features/fork/components/fork-settings-rows';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { setChatLayout, useChatLayout } from '@/shared/preferences/chat-layout';
import { useChatPreferences } from '@/shared/preferences/chat-preferences';
import { ChatLayoutRows } from './chat-layout-rows';

type SwitchSetting = {
  id: string;
  label: TranslationKey;
  description: TranslationKey;
  checked: boolean;
  set: (checked: boolean) => void;
};

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
 * Chat preferences kept in this browser: text size and direction, Enter to send, the chat's
 * width, thinking sections, drafts, forking.
 */
export function ChatTab() {
  const { t } = useTranslation();
  const preferences = useChatPreferences();
  const layout = useChatLayout();
  const baseId = useId();
  const switches: SwitchSetting[] = [
    {
      id: 'enterToSend',
      label: 'com_nav_enter_to_send',
      description: 'com_nav_info_enter_to_send',
      checked: preferences.enterToSend,
      set: (checked) => preferences.set('enterToSend', checked),
    },
    {
      id: 'maximizeChatSpace',
      label: 'com_nav_maximize_chat_space',
      description: 'com_nav_info_maximize_chat_space',
      checked: layout.maximizeChatSpace,
      set: (checked) => setChatLayout('maximizeChatSpace', checked),
    },
    {
      id: 'showThinking',
      label: 'com_nav_show_thinking',
      description: 'com_nav_info_show_thinking',
      checked: preferences.showThinking,
      set: (checked) => preferences.set('showThinking', checked),
    },
    {
      id: 'saveDrafts',
      label: 'com_nav_save_drafts',
      description: 'com_nav_info_save_drafts',
      checked: preferences.saveDrafts,
      set: (checked) => preferences.set('saveDrafts', checked),
    },
  ];
  return (
    <div className="divide-y divide-border-light">
      <ChatLayoutRows />
      {switches.map(({ id, label, description, checked, set }) => {
        const labelId = `${baseId}-${id}`;
        return (
          <SettingsRow key={id} label={t(label)} description={t(description)} labelId={labelId}>
            <PreferenceSwitch checked={checked} onChange={set} labelId={labelId} />
          </SettingsRow>
        );
      })}
      <ForkSettingsRows />
    </div>
  );
}
