// The menu items that open the dialog are labelled with this feature's strings.
import '../share-i18n';
import { lazy, Suspense } from 'react';
import type { ShareDialogProps } from './share-dialog';
import { withCatalogues } from '@/lib/i18n/catalogue-registry';

/*
 * The share dialog (QR encoder, social links, its strings) is a chunk of its own, fetched when
 * a user first asks to share, so the sidebar and header do not carry it.
 */
const ShareDialog = lazy(() =>
  withCatalogues(() => import('./share-dialog')).then((module) => ({ default: module.ShareDialog })),
);

/** ShareDialog, loaded on first use. Mounted means open. */
export function LazyShareDialog(props: ShareDialogProps) {
  return (
    <Suspense fallback={null}>
      <ShareDialog {...props} />
    </Suspense>
  );
}
