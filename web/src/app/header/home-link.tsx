import { Link } from 'react-router-dom';
import { headerLinkClasses } from '@/components/ui/header-link-classes';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { HomeIcon } from './icons';

/** The app's name, linking to /; only the icon shows below 2xl, the name stays its label. */
export function HomeLink() {
  const { t } = useTranslation();
  // Before the startup config answers there is no title yet; the link still needs a name.
  const label = useStartupConfig().data?.appTitle || t('com_ui_home');
  return (
    // The name is the label at every width; on wide screens (2xl) it is also shown, truncated if
    // long: below that the header needs the room for the conversation title.
    <Link to={paths.root.getHref()} aria-label={label} className={`${headerLinkClasses} text-text-primary`}>
      <HomeIcon />
      <span className="hidden max-w-48 truncate 2xl:block">{label}</span>
    </Link>
  );
}
