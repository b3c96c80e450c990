import '@/shared/i18n/data-i18n';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';
import { ArchivedChatsDialog } from './archived-chats-dialog';

/** Settings → General: "Archived chats" and the button that opens their manager. */
export function ArchivedChatsRow() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  return (
    <SettingsRow label={t('com_nav_archived_chats')} labelId={labelId}>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-describedby={labelId}>
        {t('com_nav_archived_chats_manage')}
      </Button>
      {open && <ArchivedChatsDialog open onClose={() => setOpen(false)} />}
    </SettingsRow>
  );
}
