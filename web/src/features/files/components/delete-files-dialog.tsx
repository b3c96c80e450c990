import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';

type DeleteFilesDialogProps = {
  count: number;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before deleting: the files leave every chat that used them, with no undo. */
export function DeleteFilesDialog({ count, onConfirm, onClose }: DeleteFilesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} size="sm" title={t('com_files_confirm_title', { count })}>
      <p className="text-sm text-text-secondary">{t('com_files_confirm_body')}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('com_files_cancel')}
        </Button>
        <DangerButton onClick={onConfirm}>{t('com_ui_delete')}</DangerButton>
      </div>
    </Dialog>
  );
}
