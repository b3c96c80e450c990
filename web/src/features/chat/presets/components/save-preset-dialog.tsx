import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_LIMITS } from '@contract/presets';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useChatSetup } from '../../setup/chat-setup-context';
import { useSavePreset } from '../api/save-preset';
import { presetErrorText } from '../lib/preset-error-text';
import { setupToPresetBody } from '../lib/preset-setup';

type SavePresetDialogProps = { open: boolean; onClose: () => void };

/** Saves the conversation's current setup as a new preset, asking for its name. */
export function SavePresetDialog({ open, onClose }: SavePresetDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t('com_endpoint_save_as_preset')} description={t('com_endpoint_save_as_preset_info')}>
      <SavePresetForm onDone={onClose} />
    </Dialog>
  );
}

/** Mounted per opening (the dialog renders nothing while closed), so each starts empty. */
function SavePresetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { setup } = useChatSetup();
  const save = useSavePreset();
  const [title, setTitle] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (title.trim() === '') {
      setTitleError(t('com_endpoint_preset_title_required'));
      return;
    }
    save.mutate(setupToPresetBody(setup, title, makeDefault), {
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
      <CheckboxField label={t('com_endpoint_preset_make_default')} checked={makeDefault} onChange={setMakeDefault} disabled={save.isPending} />
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
