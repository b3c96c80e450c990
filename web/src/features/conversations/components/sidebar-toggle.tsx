import { useTranslation } from 'react-i18next';
import { headerLinkClasses } from '@/components/ui/header-link-classes';
import { SidebarIcon } from './icons';

type SidebarToggleProps = {
  open: boolean;
  onToggle: () => void;
  controls: string;
};

/** Opens or closes the conversation sidebar; named for what it will do. */
export function SidebarToggle({ open, onToggle, controls }: SidebarToggleProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t(open ? 'com_nav_close_sidebar' : 'com_nav_open_sidebar')}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      className={headerLinkClasses}
    >
      <SidebarIcon />
    </button>
  );
}
