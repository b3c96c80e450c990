import { useTranslation } from '@/lib/i18n/react';

/**
 * A small cake with a candle, worn at the corner of the landing icon when the server sets
 * `showBirthdayIcon`. An image with a name, so it is announced rather than silently drawn.
 */
export function BirthdayIcon({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const label = t('com_ui_happy_birthday');
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" className={`size-5 ${className}`} fill="none">
      <title>{label}</title>
      {/* flame */}
      <path d="M12 2.5c1.1 1.2 1.4 2.1 1.1 2.9a1.2 1.2 0 0 1-2.2 0c-.3-.8 0-1.7 1.1-2.9z" fill="#f59e0b" />
      {/* candle */}
      <rect x="11.25" y="6.5" width="1.5" height="4" rx=".5" fill="#60a5fa" />
      {/* cake body and icing */}
      <rect x="4" y="10.5" width="16" height="9" rx="2" fill="#f9a8d4" />
      <path
        d="M4 13.5c1.3 1.2 2.7 1.2 4 0s2.7-1.2 4 0 2.7 1.2 4 0 2.7-1.2 4 0"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      {/* plate */}
      <rect x="2.5" y="19.5" width="19" height="1.75" rx=".875" fill="currentColor" opacity=".6" />
    </svg>
  );
}
