import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n/keys';
import { PageFrame } from './page-frame';

/**
 * What a route shows until its feature is built: its name, an honest note and the way back to
 * the chat (these pages have no header or sidebar to leave by), no sample data.
 */
export function PlaceholderPage({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)}>
      <p className="mt-4 text-sm text-text-secondary">{t('com_ui_page_not_available')}</p>
      <Link to={paths.chat.newConversation.getHref()} className={`mt-6 ${buttonClasses('primary')}`}>
        {t('com_ui_back_to_chat')}
      </Link>
    </PageFrame>
  );
}
