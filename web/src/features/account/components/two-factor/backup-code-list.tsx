import { useTranslation } from '@/lib/i18n/react';

/** The backup codes in a two-column grid, numbered, in a monospace face. */
export function BackupCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t('com_ui_backup_codes')} className="grid grid-cols-2 gap-2" data-testid="backup-codes">
      {codes.map((code, index) => (
        <li
          key={code}
          className="flex items-center gap-2 rounded-lg border border-border-light bg-surface-secondary px-3 py-2 font-mono text-sm"
        >
          <span aria-hidden="true" className="w-5 text-end text-xs text-text-secondary">
            {index + 1}.
          </span>
          <span className="tracking-wider">{code}</span>
        </li>
      ))}
    </ol>
  );
}
