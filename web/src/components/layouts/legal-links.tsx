import { useTranslation } from 'react-i18next';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';

/** A configured external page (librechat.yaml `interface.privacyPolicy` / `termsOfService`). */
export type ExternalPage = { externalUrl?: string; openNewTab?: boolean } | undefined;

function ExternalLink({ page, label }: { page: ExternalPage; label: string }) {
  if (!page?.externalUrl) return null;
  const newTab = page.openNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a href={page.externalUrl} className={`${TEXT_LINK_CLASSES} text-text-secondary`} {...newTab}>
      {label}
    </a>
  );
}

/** Privacy policy and terms of service links, each shown only when its URL is configured. */
export function LegalLinks({
  privacyPolicy,
  termsOfService,
}: {
  privacyPolicy: ExternalPage;
  termsOfService: ExternalPage;
}) {
  const { t } = useTranslation();
  if (!privacyPolicy?.externalUrl && !termsOfService?.externalUrl) return null;
  return (
    <nav className="mt-8 flex items-center gap-3 text-sm" aria-label={t('com_ui_legal')}>
      <ExternalLink page={privacyPolicy} label={t('com_ui_privacy_policy')} />
      {privacyPolicy?.externalUrl && termsOfService?.externalUrl && (
        <span aria-hidden="true" className="text-text-tertiary">
          |
        </span>
      )}
      <ExternalLink page={termsOfService} label={t('com_ui_terms_of_service')} />
    </nav>
  );
}
