import { type CatalogueLoaders, loadCatalogues, registerCatalogue } from './catalogue-registry';
import { activeLanguage, i18n } from './i18n';

/**
 * Adds a feature's strings to the default namespace when that feature's chunk loads, so
 * components call t('…') as everywhere else and the first page does not carry them: the
 * active language's file of this catalogue is fetched as its own chunk, which lazy pages and
 * dialogs wait for (cataloguesSettled); later language changes fetch it too, and a missing
 * key fetches the en-US one (see i18n.ts).
 *
 * Not awaited at the feature module's top level: a top-level await makes the bundler split the
 * app into many more chunks, which the sign-in page's JS budget cannot afford.
 */
export function addCatalogue(translations: CatalogueLoaders): void {
  registerCatalogue(translations);
  void loadCatalogues(i18n, activeLanguage(), [translations]);
}
