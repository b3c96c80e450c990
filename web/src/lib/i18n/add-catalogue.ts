import { i18n } from './i18n';
import { FALLBACK_LANGUAGE } from './languages';

/**
 * Adds a feature's en-US strings to the default namespace when that feature's chunk loads, so
 * components call t('…') as everywhere else and the first page does not carry them.
 */
export function addCatalogue(strings: Record<string, string>): void {
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', strings, true, false);
}
