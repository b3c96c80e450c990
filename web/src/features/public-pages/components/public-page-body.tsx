import type { PublicPageView } from '@contract/public-pages';
import '../public-page-content.css';
import { useTranslation } from '@/lib/i18n/react';

/**
 * The operator's content as the server rendered it. The server's renderer lets no raw HTML or
 * script-capable address through (worker/services/public-pages/markdown.ts), and this is the
 * same HTML the server put in the document, so the takeover changes nothing on screen.
 */
export function PublicPageBody({ page, failed }: { page: PublicPageView | undefined; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <p role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center text-lg text-text-secondary">
        {t('com_ui_public_page_load_error')}
      </p>
    );
  }
  if (!page) {
    return (
      <div role="status" className="flex justify-center py-16">
        <span className="sr-only">{t('com_ui_loading')}</span>
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-2 border-text-secondary border-t-transparent"
        />
      </div>
    );
  }
  return (
    <main lang={page.lang === 'default' ? undefined : page.lang} className="public-page-content">
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </main>
  );
}
