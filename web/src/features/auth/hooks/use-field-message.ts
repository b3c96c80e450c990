import { useTranslation } from '@/lib/i18n/react';
import type { FieldError } from '../utils/validation';

/** Turns a field error into its translated sentence. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | null): string | null => (error ? t(error.key, { limit: error.limit }) : null);
}
