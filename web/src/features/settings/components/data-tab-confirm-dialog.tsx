import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a Data tab action that cannot be undone. */
export function DataTabConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={title} description={description}>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('com_ui_cancel')}
        </Button>
        <DangerButton onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {confirmLabel}
        </DangerButton>
      </div>
    </Dialog>
  );
}
