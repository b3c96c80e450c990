import { useTranslation } from '@/lib/i18n/react';
import type { InvalidSubmit } from '../hooks/use-invalid-submit';

/**
 * Announces a form's failed submit to screen readers (the errors themselves show under their
 * fields). An alert is read when it is inserted; keyed by the attempt, a repeat is a new one.
 */
export function InvalidSubmitAlert({ failed }: { failed: InvalidSubmit | null }) {
  const { t } = useTranslation();
  if (!failed) return null;
  return (
    <div key={failed.attempt} role="alert" className="sr-only">
      {t('com_auth_fields_invalid', { count: failed.count })}
    </div>
  );
}
