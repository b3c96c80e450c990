import { useTranslation } from 'react-i18next';
import type { FieldError } from '../utils/validation';

/** Turns a field error into its translated sentence. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | null): string | null => (error ? t(error.key, { limit: error.limit }) : null);
}
