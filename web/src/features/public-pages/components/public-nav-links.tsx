import { Link } from 'react-router-dom';
import { PUBLIC_NAV_ORDER, publicPagePath, type PublicPageSlug } from '@contract/public-page-slugs';
import { paths } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';

/** Each page's name in the nav, which is also its title. */
export const PAGE_TITLE_KEYS: Record<PublicPageSlug, TranslationKey> = {
  about: 'com_ui_about',
  changelog: 'com_ui_changelog',
  'support-us': 'com_ui_support_us',
  feedback: 'com_ui_feedback',
  'terms-of-service': 'com_ui_terms_of_service',
  privacy: 'com_ui_privacy_policy',
  help: 'com_ui_help_and_faq',
};

const LINK_CLASSES =
  'rounded-lg px-2.5 py-1.5 text-sm whitespace-nowrap text-text-secondary hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary aria-[current=page]:font-semibold aria-[current=page]:text-text-primary';

/** The eight links: Home, then the seven pages, the current one marked. */
export function PublicNavLinks({ current, onNavigate }: { current: PublicPageSlug; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={paths.root.getHref()} className={LINK_CLASSES} onClick={onNavigate}>
        {t('com_ui_nav_home')}
      </Link>
      {PUBLIC_NAV_ORDER.map((slug) => (
        <Link
          key={slug}
          to={publicPagePath(slug)}
          aria-current={slug === current ? 'page' : undefined}
          className={LINK_CLASSES}
          onClick={onNavigate}
        >
          {t(PAGE_TITLE_KEYS[slug])}
        </Link>
      ))}
    </>
  );
}
