import { useId } from 'react';
import { SettingsRow } from '@/components/ui/settings-row';
import { ProfilePictureRow } from '@/features/account/components/avatar/profile-picture-row';
import { BackupCodesRow } from '@/features/account/components/backup-codes/backup-codes-row';
import { DeleteAccountRow } from '@/features/account/components/delete-account/delete-account-row';
import { TwoFactorRow } from '@/features/account/components/two-factor/two-factor-row';
import { useTranslation } from '@/lib/i18n/react';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { setUsernameDisplay, useUsernameDisplay } from '@/shared/preferences/username-display';
import { PreferenceSwitch } from './chat-tab';

/**
 * Who is signed in, whether their messages show their name, profile picture, two-factor and backup codes (local accounts only: social
 * logins have their own second factor), and account deletion.
 */
export function AccountTab() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const showName = useUsernameDisplay();
  const nameLabelId = useId();
  if (!user) return null;

  const isLocal = user.provider === 'local';
  return (
    <div className="flex flex-col gap-6">
      <section aria-label={t('com_nav_setting_account')} className="rounded-xl bg-surface-secondary px-4 py-3">
        <p className="truncate font-medium">{user.name || user.username}</p>
        <p className="truncate text-sm text-text-secondary">
          {user.username && <span>@{user.username} · </span>}
          {user.email}
        </p>
      </section>
      <div className="divide-y divide-border-light">
        <SettingsRow
          label={t('com_nav_user_name_display')}
          description={t('com_nav_info_user_name_display')}
          labelId={nameLabelId}
        >
          <PreferenceSwitch checked={showName} onChange={setUsernameDisplay} labelId={nameLabelId} />
        </SettingsRow>
        <ProfilePictureRow user={user} />
        {isLocal && <TwoFactorRow enabled={user.twoFactorEnabled} />}
        {isLocal && user.twoFactorEnabled && <BackupCodesRow />}
        <DeleteAccountRow email={user.email} />
      </div>
    </div>
  );
}
