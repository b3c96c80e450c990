import { useState } from 'react';
import { SafeHtml } from '@/components/ui/safe-html';
import { useTranslation } from '@/lib/i18n/react';
import { useBanner } from '@/shared/config/api/get-banner';
import { dismissBanner, readDismissedBanners } from '../utils/dismissed-banners';

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

/** The admin's banner (`GET /api/banner`), HTML sanitised, until the user closes it. */
export function Banner() {
  const { t } = useTranslation();
  const { data: banner } = useBanner();
  const [dismissed, setDismissed] = useState(readDismissedBanners);

  if (!banner?.message || dismissed.includes(banner.bannerId)) return null;

  return (
    <div role="region" aria-label={t('com_ui_banner')} className="border-b border-border-light bg-surface-card">
      <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-2.5 text-sm">
        <SafeHtml
          html={banner.message}
          className="flex-1 text-center text-text-primary [&_a]:font-medium [&_a]:text-text-link [&_a]:underline"
        />
        <button
          type="button"
          onClick={() => setDismissed(dismissBanner(banner.bannerId))}
          aria-label={t('com_ui_dismiss_banner')}
          className="rounded-md p-1 text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
