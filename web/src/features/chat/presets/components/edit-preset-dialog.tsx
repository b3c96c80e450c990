import { useId } from 'react';
import type { Preset } from '@contract/presets';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';
import { presetSettings } from '../lib/preset-settings';
import { PresetForm } from './preset-form';

type EditPresetDialogProps = { preset: Preset | null; onClose: () => void };

/**
 * Renames a preset and sets whether it is the default. Its settings are listed read-only:
 * they are edited where they are made (the chat's setup bar), then saved as a preset.
 */
export function EditPresetDialog({ preset, onClose }: EditPresetDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={preset !== null} onClose={onClose} size="md" title={t('com_endpoint_preset_edit')}>
      {preset && <EditPresetForm key={preset.presetId} preset={preset} onDone={onClose} />}
    </Dialog>
  );
}

function EditPresetForm({ preset, onDone }: { preset: Preset; onDone: () => void }) {
  const { t } = useTranslation();
  const settings = presetSettings(preset);
  const settingsHeadingId = useId();

  return (
    <PresetForm
      initialTitle={preset.title}
      initialDefault={preset.defaultPreset}
      // Only the id, name and flag: the server keeps every option not sent.
      toBody={(title, isDefault) => ({ presetId: preset.presetId, title: title.trim(), defaultPreset: isDefault })}
      onDone={onDone}
    >
      <section aria-labelledby={settingsHeadingId}>
        <h3 id={settingsHeadingId} className="text-sm font-medium text-text-primary">
          {t('com_endpoint_preset_settings')}
        </h3>
        <p className="mt-0.5 text-xs text-text-secondary">{t('com_endpoint_preset_settings_readonly')}</p>
        {settings.length === 0 ? (
          <p className="mt-2 text-sm text-text-secondary">{t('com_endpoint_preset_no_settings')}</p>
        ) : (
          <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg border border-border-light px-3 py-2 text-sm">
            {settings.map((setting) => (
              <div key={setting.name} className="contents">
                <dt className="font-mono text-xs leading-5 text-text-secondary">{setting.name}</dt>
                <dd className="break-words text-text-primary">{setting.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </PresetForm>
  );
}
