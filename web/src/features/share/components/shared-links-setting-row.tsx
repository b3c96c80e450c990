import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';
import '../share-i18n';
import { SharedLinksManager } from './shared-links-manager';

/** The "Shared links" settings row (Data tab); Manage opens the shared links manager. */
export function SharedLinksSettingRow() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingsRow label={t('com_nav_shared_links')}>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('com_nav_shared_links_manage')}
      </Button>
      {open && <SharedLinksManager onClose={() => setOpen(false)} />}
    </SettingsRow>
  );
}
