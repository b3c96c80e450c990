import '@/shared/i18n/export-i18n';
import { DEFAULT_FORK_OPTION, type ForkOption } from '@contract/fork';
import { useId } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';
import { type ForkSettings, setForkSetting, useForkSettings } from '../lib/fork-settings';
import { FORK_OPTION_TEXT } from './fork-option-list';

/**
 * The fork choices as settings (LibreChat's chat settings: default fork option, use it without
 * asking, start at the target by default), for the settings dialog's chat tab. Rows only, so
 * they sit in the tab's own list. This is also where a remembered choice is undone.
 */
export function ForkSettingsRows() {
  const { t } = useTranslation();
  const settings = useForkSettings();
  const baseId = useId();
  const options = FORK_OPTION_TEXT.map(({ option, label }) => ({ value: option, label: t(label) }));
  const shownOption: ForkOption = settings.forkSetting === '' ? DEFAULT_FORK_OPTION : settings.forkSetting;
  return (
    <>
      <SettingsRow label={t('com_ui_fork_change_default')} htmlFor={`${baseId}-option`}>
        <SelectField
          id={`${baseId}-option`}
          value={shownOption}
          options={options}
          onChange={(event) => {
            const next = FORK_OPTION_TEXT.find((entry) => entry.option === event.target.value);
            if (next) setForkSetting('forkSetting', next.option);
          }}
        />
      </SettingsRow>
      <SwitchRow
        id={`${baseId}-remember`}
        label={t('com_ui_fork_default')}
        setting="rememberDefaultFork"
        settings={settings}
      />
      <SwitchRow
        id={`${baseId}-split`}
        label={t('com_ui_fork_split_target_setting')}
        setting="splitAtTarget"
        settings={settings}
      />
    </>
  );
}

interface SwitchRowProps {
  id: string;
  label: string;
  setting: 'rememberDefaultFork' | 'splitAtTarget';
  settings: ForkSettings;
}

function SwitchRow({ id, label, setting, settings }: SwitchRowProps) {
  const checked = settings[setting];
  return (
    <SettingsRow label={label} labelId={id}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        onClick={() => setForkSetting(setting, !checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary ${
          checked ? 'bg-surface-submit' : 'bg-border-medium'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow-sm transition-transform ${checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`}
        />
      </button>
    </SettingsRow>
  );
}
