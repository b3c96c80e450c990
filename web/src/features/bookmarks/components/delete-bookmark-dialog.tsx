import type { Tag } from '@contract/tags';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useDeleteTag } from '../api/delete-tag';
import { tagErrorText } from '../lib/tag-error-text';

type DeleteBookmarkDialogProps = { tag: Tag | null; onClose: () => void };

/** Asks before deleting a bookmark (it leaves every chat); Cancel and Escape back out. */
export function DeleteBookmarkDialog({ tag, onClose }: DeleteBookmarkDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const remove = useDeleteTag();

  const confirm = () => {
    if (!tag || remove.isPending) return;
    remove.mutate(tag.tag, {
      onSuccess: () => {
        showToast({ severity: 'success', message: t('com_ui_bookmarks_delete_success') });
        onClose();
      },
      onError: (error) =>
        showToast({ severity: 'error', message: tagErrorText(error, t('com_ui_bookmarks_delete_error')) }),
    });
  };

  return (
    <Dialog
      open={tag !== null}
      onClose={onClose}
      size="sm"
      title={t('com_ui_bookmarks_delete')}
      description={t('com_ui_bookmark_delete_confirm', { tag: tag?.tag ?? '' })}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          {t('com_ui_cancel')}
        </Button>
        <DangerButton onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
          {remove.isPending && <Spinner />}
          {t('com_ui_delete')}
        </DangerButton>
      </div>
    </Dialog>
  );
}
