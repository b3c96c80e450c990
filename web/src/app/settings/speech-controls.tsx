import { useId } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { SettingsRow } from '@/components/ui/settings-row';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { PreferenceSwitch } from './chat-tab';
import { SPEECH_RANGES, type SpeechSettings, useSpeechSettings } from '@/shared/speech/speech-settings';

type BooleanKey = { [K in keyof SpeechSettings]: SpeechSettings[K] extends boolean ? K : never }[keyof SpeechSettings];
type NumberKey = keyof typeof SPEECH_RANGES;

type RowText = { label: TranslationKey; description?: TranslationKey };

/** A setting shown as an on/off switch. */
export function SpeechSwitchRow({
  setting,
  label,
  description,
  disabled = false,
}: RowText & { setting: BooleanKey; disabled?: boolean }) {
  const { t } = useTranslation();
  const settings = useSpeechSettings();
  const labelId = useId();
  return (
    <SettingsRow label={t(label)} description={description && t(description)} labelId={labelId}>
      <PreferenceSwitch
        checked={settings[setting]}
        onChange={(checked) => settings.set(setting, checked)}
        labelId={labelId}
        disabled={disabled}
      />
    </SettingsRow>
  );
}

/** A setting chosen from a list. */
export function SpeechSelectRow({
  label,
  description,
  value,
  options,
  onChange,
}: RowText & { value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <SettingsRow label={t(label)} description={description && t(description)} htmlFor={id}>
      <SelectField id={id} value={value} options={options} onChange={(event) => onChange(event.target.value)} />
    </SettingsRow>
  );
}

/** A number setting on a slider with its value beside it; double-click resets it when `resetTo` is given. */
export function SpeechSliderRow({
  setting,
  label,
  description,
  format = String,
  resetTo,
}: RowText & { setting: NumberKey; format?: (value: number) => string; resetTo?: number }) {
  const { t } = useTranslation();
  const settings = useSpeechSettings();
  const id = useId();
  const { min, max, step } = SPEECH_RANGES[setting];
  const value = settings[setting];
  return (
    <SettingsRow label={t(label)} description={description && t(description)} htmlFor={id}>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(event) => settings.set(setting, Number(event.target.value))}
        onDoubleClick={() => resetTo !== undefined && settings.set(setting, resetTo)}
        className="w-40 accent-surface-submit"
      />
      <output htmlFor={id} className="w-12 text-end text-sm tabular-nums text-text-secondary">
        {format(value)}
      </output>
    </SettingsRow>
  );
}
