import { useState } from 'react';
import { DangerButton } from '@/components/ui/danger-button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The Account tab's delete line. */
export function DeleteAccountRow({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingsRow label={t('com_nav_delete_account')} description={t('com_nav_delete_data_info')}>
      <DangerButton onClick={() => setOpen(true)}>{t('com_ui_delete')}</DangerButton>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} email={email} />
    </SettingsRow>
  );
}
