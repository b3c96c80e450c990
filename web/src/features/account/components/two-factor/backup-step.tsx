import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { DownloadIcon } from '../icons';
import { BackupCodeList } from './backup-code-list';

type BackupStepProps = {
  codes: readonly string[];
  downloaded: boolean;
  /** The confirm call is under way: a second click would send it twice. */
  isCompleting: boolean;
  onDownload: () => void;
  onComplete: () => void;
};

/** Shows the ten codes; setup can only be completed once they were downloaded. */
export function BackupStepView({ codes, downloaded, isCompleting, onDownload, onComplete }: BackupStepProps) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-text-secondary">{t('com_ui_backup_codes_security_info')}</p>
      <BackupCodeList codes={codes} />
      <div className="flex flex-col gap-2">
        <Button variant="outline" onClick={onDownload}>
          <DownloadIcon />
          {t('com_ui_download_backup')}
        </Button>
        <Button
          onClick={onComplete}
          disabled={!downloaded || isCompleting}
          aria-describedby={downloaded ? undefined : hintId}
        >
          {t('com_ui_complete_setup')}
        </Button>
      </div>
      {!downloaded && (
        <p id={hintId} className="text-xs text-text-secondary">
          {t('com_ui_download_backup_tooltip')}
        </p>
      )}
    </div>
  );
}
