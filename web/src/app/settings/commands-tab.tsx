import { useId } from 'react';
import { Icon, type GlyphProps } from '@/components/ui/icon';
import { SettingsRow } from '@/components/ui/settings-row';
import {
  type CommandSettings,
  setCommandSetting,
  useCommandSettings,
} from '@/features/chat/commands/lib/command-settings';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { usePermission } from '@/shared/config/api/get-role';
import { useInterfaceToggle } from '@/shared/config/use-interface-toggle';
import { PreferenceSwitch } from './chat-tab';

export const CommandIcon = ({ className = 'size-4' }: GlyphProps) => (
  <Icon className={className}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="m10 9-3 6M14 15h3" />
  </Icon>
);

const ROWS: readonly { key: keyof CommandSettings; label: TranslationKey; description: TranslationKey }[] = [
  { key: 'atCommand', label: 'com_nav_at_command', description: 'com_nav_at_command_description' },
  { key: 'plusCommand', label: 'com_nav_plus_command', description: 'com_nav_plus_command_description' },
  { key: 'slashCommand', label: 'com_nav_slash_command', description: 'com_nav_slash_command_description' },
];

/**
 * The composer's commands, each on or off in this browser. A command the user's role may not
 * use has no switch: `+` needs MULTI_CONVO, `/` needs PROMPTS, and the interface toggles
 * `multiConvo` and `prompts` must leave them on.
 */
export function CommandsTab() {
  const { t } = useTranslation();
  const settings = useCommandSettings();
  const baseId = useId();
  const multiConvoShown = useInterfaceToggle('multiConvo');
  const promptsShown = useInterfaceToggle('prompts');
  const allowed: Record<keyof CommandSettings, boolean> = {
    atCommand: true,
    plusCommand: usePermission('MULTI_CONVO', 'USE') && multiConvoShown,
    slashCommand: usePermission('PROMPTS', 'USE') && promptsShown,
  };
  return (
    <div className="divide-y divide-border-light">
      {ROWS.filter(({ key }) => allowed[key]).map(({ key, label, description }) => {
        const labelId = `${baseId}-${key}`;
        return (
          <SettingsRow key={key} label={t(label)} description={t(description)} labelId={labelId}>
            <PreferenceSwitch
              checked={settings[key]}
              onChange={(checked) => setCommandSetting(key, checked)}
              labelId={labelId}
            />
          </SettingsRow>
        );
      })}
    </div>
  );
}
