import { type CatalogueLoaders, loadCatalogues, registerCatalogue } from './catalogue-registry';
import { activeLanguage, i18n } from './i18n';
import { FALLBACK_LANGUAGE } from './languages';

/**
 * Adds a feature's strings to the default namespace when that feature's chunk loads, so
 * components call t('…') as everywhere else and the first page does not carry them: en-US
 * bundled with the feature (the fallback), the active language fetched as its own chunk. A
 * feature module awaits this at its top level, so its components never render before the
 * strings are in; later language changes fetch this file too.
 */
export async function addCatalogue(enUS: Record<string, string>, translations: CatalogueLoaders): Promise<void> {
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', enUS, true, false);
  registerCatalogue(translations);
  await loadCatalogues(i18n, activeLanguage(), [translations]);
}
