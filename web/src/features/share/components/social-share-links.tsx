import { useTranslation } from 'react-i18next';
import { type ShareContent, SOCIAL_TARGETS } from '../lib/social-targets';

/** The share options as real links: the browser's own new-tab handling, no pop-up scripts. */
export function SocialShareLinks({ content }: { content: ShareContent }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('com_ui_share_to')}>
      <ul className="flex flex-wrap gap-2">
        {SOCIAL_TARGETS.map((target) => (
          <li key={target.id}>
            <a
              href={target.href(content)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center rounded-full border border-border-medium px-3 py-1 text-xs font-medium text-text-primary transition hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
            >
              {target.name}
              <span className="sr-only"> {t('com_ui_opens_new_tab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
