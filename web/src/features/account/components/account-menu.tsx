import { useNavigate } from 'react-router-dom';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useBalance } from '@/shared/balance/balance-query';
import { ChevronDownIcon, FilesIcon, LogOutIcon, SettingsIcon } from './icons';
import { UserAvatar } from './user-avatar';

type AccountMenuProps = {
  /** Opens the settings dialog (the layout that places the menu owns the dialog). */
  onOpenSettings: () => void;
};

/** The signed-in user's menu: who is signed in, My Files, Settings, Log out. Renders nothing signed out. */
export function AccountMenu({ onOpenSettings }: AccountMenuProps) {
  const { t, i18n } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const balance = useBalance(Boolean(user));
  if (!user) return null;

  const displayName = user.name || user.username || user.email;
  return (
    <DropdownMenu
      // Names the button with the visible name in it, as WCAG 2.5.3 asks of labelled controls.
      triggerLabel={`${t('com_ui_account_menu')}: ${displayName}`}
      menuLabel={t('com_ui_account_menu')}
      triggerClassName="flex max-w-56 items-center gap-2 rounded-full border border-border-light bg-surface-primary py-1 ps-1 pe-2.5 text-sm @max-3xl:pe-1 text-text-primary shadow-sm transition hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
      trigger={
        <>
          <UserAvatar user={user} />
          {/* In a header (a size container) the name needs 896 px of it, the chevron 768 px: below, the avatar alone. */}
          <span className="hidden truncate font-medium @4xl:inline">{displayName}</span>
          <ChevronDownIcon className="size-4 shrink-0 text-text-secondary @max-3xl:hidden" />
        </>
      }
      header={
        <div className="flex items-center gap-3">
          <UserAvatar user={user} className="size-10 text-sm" />
          <div className="min-w-0">
            <p className="truncate font-medium text-text-primary">{displayName}</p>
            <p className="truncate text-xs text-text-secondary">{user.email}</p>
            {balance !== undefined && (
              <p className="mt-1 text-xs text-text-secondary">
                {t('com_nav_balance', {
                  balance: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(balance),
                })}
              </p>
            )}
          </div>
        </div>
      }
      items={[
        {
          id: 'files',
          label: t('com_nav_my_files'),
          icon: <FilesIcon />,
          onSelect: () => void navigate(paths.dashboard.files.getHref()),
        },
        { id: 'settings', label: t('com_nav_settings'), icon: <SettingsIcon />, onSelect: onOpenSettings },
        { id: 'logout', label: t('com_nav_log_out'), icon: <LogOutIcon />, onSelect: () => void logout() },
      ]}
    />
  );
}
