import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';

type DeleteDialogProps = {
  title: string;
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Deleting cannot be undone: it asks first. */
export function DeleteDialog({ title, open, pending, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('com_ui_delete_conversation')}
      description={t('com_ui_delete_conversation_confirm', { title })}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('com_ui_cancel')}
        </Button>
        <DangerButton onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {t('com_ui_delete')}
        </DangerButton>
      </div>
    </Dialog>
  );
}
