import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Preset, PRESET_LIMITS } from '@contract/presets';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useSavePreset } from '../api/save-preset';
import { presetErrorText } from '../lib/preset-error-text';
import { presetSettings } from '../lib/preset-settings';

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
  const { showToast } = useToast();
  const save = useSavePreset();
  const [title, setTitle] = useState(preset.title);
  const [isDefault, setIsDefault] = useState(preset.defaultPreset);
  const [titleError, setTitleError] = useState<string | null>(null);
  const settings = presetSettings(preset);
  const settingsHeadingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (title.trim() === '') {
      setTitleError(t('com_endpoint_preset_title_required'));
      return;
    }
    // Only the id, name and flag: the server keeps every option not sent.
    save.mutate(
      { presetId: preset.presetId, title: title.trim(), defaultPreset: isDefault },
      {
        onSuccess: () => {
          showToast({ message: t('com_endpoint_preset_saved'), severity: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('com_endpoint_preset_title')}
        value={title}
        maxLength={PRESET_LIMITS.titleMax}
        autoComplete="off"
        required
        error={titleError}
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleError(null);
        }}
      />
      <CheckboxField label={t('com_endpoint_preset_make_default')} checked={isDefault} onChange={setIsDefault} disabled={save.isPending} />
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
      {save.isError && <Alert>{presetErrorText(save.error, t('com_endpoint_preset_save_error'))}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}
