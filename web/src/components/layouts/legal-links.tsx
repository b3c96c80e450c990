import { Link } from 'react-router-dom';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';

/** A configured external page (librechat.yaml `interface.privacyPolicy` / `termsOfService`). */
export type ExternalPage = { externalUrl?: string; openNewTab?: boolean } | undefined;

const CLASSES = `${TEXT_LINK_CLASSES} text-text-secondary`;
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The configured external page, or else the app's own public page at `fallback`. */
function LegalLink({
  page,
  fallback,
  label,
  internalInNewTab,
}: {
  page: ExternalPage;
  fallback: string;
  label: string;
  internalInNewTab: boolean;
}) {
  if (page?.externalUrl) {
    return (
      <a href={page.externalUrl} className={CLASSES} {...(page.openNewTab ? NEW_TAB : {})}>
        {label}
      </a>
    );
  }
  return (
    <Link to={fallback} className={CLASSES} {...(internalInNewTab ? NEW_TAB : {})}>
      {label}
    </Link>
  );
}

/**
 * Privacy policy and terms of service links: each to its configured external page, or else to
 * the app's own /privacy and /terms-of-service, which the operator writes (pages:push).
 */
export function LegalLinks({
  privacyPolicy,
  termsOfService,
  internalInNewTab = false,
  className = 'mt-8',
}: {
  privacyPolicy: ExternalPage;
  termsOfService: ExternalPage;
  /** Open the app's own pages in a new tab, e.g. from a dialog the visitor must come back to. */
  internalInNewTab?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className={`flex items-center gap-3 text-sm ${className}`} aria-label={t('com_ui_legal')}>
      <LegalLink
        page={privacyPolicy}
        fallback={paths.staticPages.privacy.getHref()}
        label={t('com_ui_privacy_policy')}
        internalInNewTab={internalInNewTab}
      />
      <span aria-hidden="true" className="text-text-tertiary">
        |
      </span>
      <LegalLink
        page={termsOfService}
        fallback={paths.staticPages.termsOfService.getHref()}
        label={t('com_ui_terms_of_service')}
        internalInNewTab={internalInNewTab}
      />
    </nav>
  );
}
