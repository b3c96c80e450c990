import { useTranslation } from '@/lib/i18n/react';

/** Shown while the first page's code loads; deliberately plain so it never flashes content. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <span className="sr-only">{t('com_ui_loading')}</span>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-text-secondary border-t-transparent"
      />
    </div>
  );
}
