import { useState } from 'react';
import type { BackupCodesResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';
import { BackupCodesDialog } from './backup-codes-dialog';

/** The Account tab's backup-codes line (shown while two-factor is on). */
export function BackupCodesRow() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [latest, setLatest] = useState<BackupCodesResponse | null>(null);
  return (
    <SettingsRow label={t('com_ui_backup_codes')} description={t('com_ui_backup_codes_info')}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('com_ui_manage')}
      </Button>
      <BackupCodesDialog open={open} onClose={() => setOpen(false)} latest={latest} onRegenerated={setLatest} />
    </SettingsRow>
  );
}
