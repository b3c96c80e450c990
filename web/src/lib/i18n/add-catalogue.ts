import { type CatalogueLoaders, loadCatalogues, registerCatalogue } from './catalogue-registry';
import { activeLanguage, i18n } from './i18n';
import { FALLBACK_LANGUAGE } from './languages';

/**
 * Adds a feature's strings to the default namespace when that feature's chunk loads, so
 * components call t('…') as everywhere else and the first page does not carry them: en-US
 * bundled with the feature (the fallback), the active language fetched as its own chunk, which
 * lazy pages and dialogs wait for (cataloguesSettled); later language changes fetch it too.
 *
 * Not awaited at the feature module's top level: a top-level await makes the bundler split the
 * app into many more chunks, which the sign-in page's JS budget cannot afford.
 */
export function addCatalogue(enUS: Record<string, string>, translations: CatalogueLoaders): void {
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', enUS, true, false);
  registerCatalogue(translations);
  void loadCatalogues(i18n, activeLanguage(), [translations]);
}
