import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirmed action is running: the buttons wait for it. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an irreversible action; Cancel (focused first) and Escape back out. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={title} description={message}>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('com_ui_cancel')}
        </Button>
        <DangerButton onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner />}
          {confirmLabel}
        </DangerButton>
      </div>
    </Dialog>
  );
}
