import type { FormEvent } from 'react';
import type { BackupCodesResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useRegenerateBackupCodes } from '../../api/regenerate-backup-codes';
import { downloadBackupCodes } from '../../lib/download-text-file';
import { isInvalidProofError } from '../../lib/is-invalid-proof-error';
import { DownloadIcon } from '../icons';
import { BackupCodeList } from '../two-factor/backup-code-list';
import { ProofField } from '../two-factor/proof-field';
import { useProofInput } from '../two-factor/use-proof-input';
import { BackupCodeStatusList } from './backup-code-status-list';

type BackupCodesDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The last regeneration's answer in this session (the server never shows codes again). */
  latest: BackupCodesResponse | null;
  onRegenerated: (response: BackupCodesResponse) => void;
};

/** Regenerates the backup codes (with a code as proof), downloads them and shows their state. */
export function BackupCodesDialog({ open, onClose, latest, onRegenerated }: BackupCodesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('com_ui_backup_codes')}
      description={t('com_ui_backup_codes_info')}
    >
      {/* Mounted only while open, so a half-typed code does not survive closing. */}
      <BackupCodesContent latest={latest} onRegenerated={onRegenerated} />
    </Dialog>
  );
}

function BackupCodesContent({ latest, onRegenerated }: Pick<BackupCodesDialogProps, 'latest' | 'onRegenerated'>) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { field, proof, reset } = useProofInput();
  const regenerate = useRegenerateBackupCodes();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!proof || regenerate.isPending) return;
    regenerate.mutate(proof, {
      onSuccess: (response) => {
        reset();
        onRegenerated(response);
        downloadBackupCodes(response.backupCodes);
        showToast({ message: t('com_ui_backup_codes_regenerated'), severity: 'success' });
      },
      onError: (error) =>
        showToast({
          message: t(isInvalidProofError(error) ? 'com_ui_2fa_invalid' : 'com_ui_backup_codes_regenerate_error'),
          severity: 'error',
        }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      {latest ? (
        <section className="flex flex-col gap-3">
          <p className="text-sm text-text-secondary">{t('com_ui_backup_codes_security_info')}</p>
          <BackupCodeList codes={latest.backupCodes} />
          <Button variant="outline" onClick={() => downloadBackupCodes(latest.backupCodes)}>
            <DownloadIcon />
            {t('com_ui_download_backup')}
          </Button>
          <h3 className="mt-2 text-sm font-medium">{t('com_ui_backup_codes_status')}</h3>
          <BackupCodeStatusList statuses={latest.backupCodesHash} />
        </section>
      ) : (
        <p className="rounded-lg bg-surface-secondary px-3 py-2 text-sm text-text-secondary">
          {t('com_ui_backup_codes_status_unknown')}
        </p>
      )}
      <form onSubmit={submit} className="flex flex-col gap-4 border-t border-border-light pt-5">
        <p className="text-sm text-text-secondary">{t('com_ui_2fa_regenerate_info')}</p>
        <ProofField {...field} disabled={regenerate.isPending} />
        <Button type="submit" disabled={!proof} loading={regenerate.isPending}>
          {t(regenerate.isPending ? 'com_ui_regenerating' : 'com_ui_regenerate_backup')}
        </Button>
      </form>
    </div>
  );
}
