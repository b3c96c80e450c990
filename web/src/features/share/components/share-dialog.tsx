import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';
import '../share-i18n';
import { useShareLink } from '../api/get-share-link';
import { ShareLinkActions } from './share-link-actions';

export type ShareDialogProps = {
  conversationId: string;
  title: string;
  onClose: () => void;
};

/**
 * Sharing one conversation: none → created → refreshed (new id,
 * the old address stops working) or deleted. Mounted means open.
 */
export function ShareDialog({ conversationId, title, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const lookup = useShareLink(conversationId);
  const shareId = lookup.data?.shareId ?? null;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_ui_share_link_to_chat')}
      description={
        lookup.isSuccess ? t(shareId ? 'com_ui_share_update_message' : 'com_ui_share_create_message') : undefined
      }
    >
      {lookup.isPending && (
        <div className="flex justify-center py-6" role="status" aria-label={t('com_ui_loading')}>
          <Spinner />
        </div>
      )}
      {lookup.isError && <Alert>{t('com_ui_share_lookup_error')}</Alert>}
      {lookup.isSuccess && <ShareLinkActions conversationId={conversationId} title={title} shareId={shareId} />}
    </Dialog>
  );
}
