import { type FormEvent, type ReactNode, useState } from 'react';
import { PRESET_LIMITS, type SavePresetBody } from '@contract/presets';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useSavePreset } from '../api/save-preset';
import { presetErrorText } from '../lib/preset-error-text';

type PresetFormProps = {
  /** The name the field starts with (empty for a new preset). */
  initialTitle: string;
  /** Whether "make default" starts ticked. */
  initialDefault: boolean;
  /** What is sent on save, from the name as typed (never blank) and the default flag. */
  toBody: (title: string, isDefault: boolean) => SavePresetBody;
  /** Called on Cancel and after a save (the toast says it was saved). */
  onDone: () => void;
  /** Drawn under the default checkbox, before any error (the edit dialog lists the settings). */
  children?: ReactNode;
};

/**
 * The name-and-default form both preset dialogs show: the name is required, a save refetches the
 * list and confirms with a toast, and a refused save shows the server's reason above the buttons.
 */
export function PresetForm({ initialTitle, initialDefault, toBody, onDone, children }: PresetFormProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const save = useSavePreset();
  const [title, setTitle] = useState(initialTitle);
  const [isDefault, setIsDefault] = useState(initialDefault);
  const [titleError, setTitleError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (title.trim() === '') {
      setTitleError(t('com_endpoint_preset_title_required'));
      return;
    }
    save.mutate(toBody(title, isDefault), {
      onSuccess: () => {
        showToast({ message: t('com_endpoint_preset_saved'), severity: 'success' });
        onDone();
      },
    });
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
      <CheckboxField
        label={t('com_endpoint_preset_make_default')}
        checked={isDefault}
        onChange={setIsDefault}
        disabled={save.isPending}
      />
      {children}
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
