import type { Ref } from 'react';
import { headerLinkClasses } from '@/components/ui/header-link-classes';
import { useTranslation } from '@/lib/i18n/react';
import { SidebarIcon } from './icons';

type SidebarToggleProps = {
  /** Lets the layout give focus back here when the phone sidebar closes. */
  ref?: Ref<HTMLButtonElement>;
  open: boolean;
  onToggle: () => void;
  controls: string;
};

/** Opens or closes the conversation sidebar; named for what it will do. */
export function SidebarToggle({ ref, open, onToggle, controls }: SidebarToggleProps) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
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
