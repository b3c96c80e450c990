import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { QrCode } from '@/components/ui/qr-code';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { useCreateShareLink, useDeleteShareLink, useRefreshShareLink } from '../api/share-link-mutations';
import { shareUrl } from '../lib/share-url';
import { SocialShareLinks } from './social-share-links';

/** The share QR code is 200 px, error correction level M. */
export const SHARE_QR_SIZE_PX = 200;

/** How long "Copied!" replaces "Copy link": 3 s, like every copy confirmation. */
export const LINK_COPY_FEEDBACK_MS = 3000;

type ShareLinkActionsProps = { conversationId: string; title: string; shareId: string | null };

/** The dialog's body once the lookup has answered: create, or the link with what it allows. */
export function ShareLinkActions({ conversationId, title, shareId }: ShareLinkActionsProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const create = useCreateShareLink();
  const refresh = useRefreshShareLink();
  const remove = useDeleteShareLink();
  const { copied, copy } = useCopyToClipboard(LINK_COPY_FEEDBACK_MS);
  const busy = create.isPending || refresh.isPending || remove.isPending;
  const shareError = () => showToast({ severity: 'error', message: t('com_ui_share_error') });

  if (!shareId) {
    return (
      <div className="flex justify-end">
        <Button
          loading={create.isPending}
          disabled={busy}
          onClick={() => create.mutate(conversationId, { onError: shareError })}
        >
          {t('com_ui_create_link')}
        </Button>
      </div>
    );
  }

  const url = shareUrl(shareId);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          className="min-w-0 flex-1"
          label={t('com_ui_share_link')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy(url)} aria-live="polite">
          {copied ? t('com_ui_copied') : t('com_ui_copy_link')}
        </Button>
      </div>

      <div className="flex justify-center">
        <QrCode value={url} label={t('com_ui_share_qr_code')} size={SHARE_QR_SIZE_PX} testId="share-qr" />
      </div>

      <SocialShareLinks content={{ url, title, text: t('com_ui_share_text', { title }) }} />

      <div className="flex flex-wrap justify-end gap-2 border-t border-border-light pt-4">
        <Button
          variant="outline"
          loading={refresh.isPending}
          disabled={busy}
          onClick={() => refresh.mutate(shareId, { onError: shareError })}
        >
          {t('com_ui_refresh_link')}
        </Button>
        <DangerButton
          disabled={busy}
          onClick={() =>
            remove.mutate(
              { shareId, conversationId },
              {
                onSuccess: () => showToast({ severity: 'success', message: t('com_ui_shared_link_delete_success') }),
                onError: () => showToast({ severity: 'error', message: t('com_ui_share_delete_error') }),
              },
            )
          }
        >
          {t('com_ui_delete_link')}
        </DangerButton>
      </div>
    </div>
  );
}
