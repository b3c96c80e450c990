import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/lib/i18n/keys';
import { PageFrame } from './page-frame';

/**
 * What a route shows until its feature is built: its name and an honest note, no controls
 * that would do nothing and no sample data.
 */
export function PlaceholderPage({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)}>
      <p className="mt-4 text-sm text-text-secondary">{t('com_ui_page_not_available')}</p>
    </PageFrame>
  );
}
