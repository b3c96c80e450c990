import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';
import { useChatSetup } from '../../setup/chat-setup-context';
import { setupToPresetBody } from '../lib/preset-setup';
import { PresetForm } from './preset-form';

type SavePresetDialogProps = { open: boolean; onClose: () => void };

/** Saves the conversation's current setup as a new preset, asking for its name. */
export function SavePresetDialog({ open, onClose }: SavePresetDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('com_endpoint_save_as_preset')}
      description={t('com_endpoint_save_as_preset_info')}
    >
      <SavePresetForm onDone={onClose} />
    </Dialog>
  );
}

/** Mounted per opening (the dialog renders nothing while closed), so each starts empty. */
function SavePresetForm({ onDone }: { onDone: () => void }) {
  const { setup } = useChatSetup();
  return (
    <PresetForm
      initialTitle=""
      initialDefault={false}
      toBody={(title, isDefault) => setupToPresetBody(setup, title, isDefault)}
      onDone={onDone}
    />
  );
}
