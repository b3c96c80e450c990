import { lazy, Suspense, useState } from 'react';
import { AccountMenu } from '@/features/account/components/account-menu';
import { withCatalogues } from '@/lib/i18n/catalogue-registry';

// The settings (and everything under them) load when first opened, not with the page.
const SettingsDialog = lazy(() =>
  withCatalogues(() => import('./settings-dialog')).then((module) => ({ default: module.SettingsDialog })),
);

/** The account menu together with the settings dialog it opens: drop-in for any layout. */
export function AccountControls() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <>
      <AccountMenu onOpenSettings={() => setSettingsOpen(true)} />
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog open onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
