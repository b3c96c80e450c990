import type { BackupCodeStatus } from '@contract/auth';
import { useTranslation } from '@/lib/i18n/react';

/** Each backup code's state: "Not used", or "Used" with when. */
export function BackupCodeStatusList({ statuses }: { statuses: readonly BackupCodeStatus[] }) {
  const { t, i18n } = useTranslation();
  const formatDate = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul
      aria-label={t('com_ui_backup_codes_status')}
      className="divide-y divide-border-light rounded-lg border border-border-light"
    >
      {statuses.map((status, index) => (
        <li key={status.codeHash} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span>{t('com_ui_backup_code_number', { number: index + 1 })}</span>
          {status.used ? (
            <span className="flex items-center gap-2 text-text-secondary">
              <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
                {t('com_ui_used')}
              </span>
              {status.usedAt && <time dateTime={status.usedAt}>{formatDate(status.usedAt)}</time>}
            </span>
          ) : (
            <span className="rounded-full bg-green-600/15 px-2 py-0.5 text-xs font-medium text-green-700 dark:text-green-400">
              {t('com_ui_not_used')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
