import { useState } from 'react';
import type { PublicUser } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';
import { UserAvatar } from '../user-avatar';
import { AvatarUploader } from './avatar-uploader';

/** The Account tab's profile picture line and its upload dialog. */
export function ProfilePictureRow({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingsRow label={t('com_nav_profile_picture')}>
      <UserAvatar user={user} className="size-10 text-sm" />
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('com_nav_change_picture')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} size="sm" title={t('com_nav_profile_picture')}>
        <AvatarUploader onDone={() => setOpen(false)} />
      </Dialog>
    </SettingsRow>
  );
}
