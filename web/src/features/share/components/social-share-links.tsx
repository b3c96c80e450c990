import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { type ShareContent, SOCIAL_TARGETS } from '../lib/social-targets';

/**
 * The share options as real links: the browser's own new-tab handling, no pop-up scripts. A
 * visible caption and each link's name ("Share via …") set them apart from the dialog's buttons.
 */
export function SocialShareLinks({ content }: { content: ShareContent }) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <nav aria-labelledby={captionId} className="space-y-2">
      <p id={captionId} className="text-sm font-medium text-text-secondary">
        {t('com_ui_share_to')}
      </p>
      <ul className="flex flex-wrap gap-2">
        {SOCIAL_TARGETS.map((target) => (
          <li key={target.id}>
            <a
              href={target.href(content)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t('com_ui_share_via', { name: target.name })} ${t('com_ui_opens_new_tab')}`}
              className="inline-flex items-center rounded-full border border-border-medium px-3 py-1 text-xs font-medium text-text-primary transition hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
            >
              {target.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
