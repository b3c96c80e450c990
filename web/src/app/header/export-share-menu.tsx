import '@/shared/i18n/export-i18n';
import { lazy, Suspense, useState } from 'react';
import { type DropdownMenuItem, DropdownMenu } from '@/components/ui/dropdown-menu';
import { headerLinkClasses } from '@/components/ui/header-link-classes';
import { DownloadIcon, ExportShareIcon, LinkIcon } from '@/features/export/components/icons';
import { LazyShareDialog } from '@/features/share/components/lazy-share-dialog';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { withCatalogues } from '@/lib/i18n/catalogue-registry';

// Loaded when first opened: most visits never export or share.
const ExportDialog = lazy(() =>
  withCatalogues(() => import('@/features/export/components/export-dialog')).then((module) => ({
    default: module.ExportDialog,
  })),
);

type OpenDialog = 'export' | 'share' | null;

/**
 * The header's Export/Share menu for a saved conversation: Export always, Share only when the
 * server allows shared links (startup config `sharedLinksEnabled`).
 */
export function ExportShareMenu({ conversation }: { conversation: ChatConversation }) {
  const { t } = useTranslation();
  const sharedLinksEnabled = useStartupConfig().data?.sharedLinksEnabled === true;
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);

  const items: DropdownMenuItem[] = [
    { id: 'export', label: t('com_endpoint_export'), icon: <DownloadIcon />, onSelect: () => setOpen('export') },
  ];
  if (sharedLinksEnabled)
    items.push({ id: 'share', label: t('com_ui_share'), icon: <LinkIcon />, onSelect: () => setOpen('share') });

  return (
    <>
      <DropdownMenu
        trigger={<ExportShareIcon />}
        triggerLabel={t('com_endpoint_export_share')}
        items={items}
        triggerClassName={headerLinkClasses}
      />
      <Suspense fallback={null}>
        {open === 'export' && <ExportDialog conversation={conversation} onClose={close} />}
        {open === 'share' && (
          <LazyShareDialog conversationId={conversation.conversationId} title={conversation.title} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
