import { type CatalogueLoaders, type CatalogueModule, loadCatalogues, registerCatalogue } from './catalogue-registry';
import { detectBrowserLanguage, writeLanguageCookie } from './detect-language';
import { FALLBACK_LANGUAGE, type Language, matchLanguage, textDirection } from './languages';
import { Translator } from './translator';

/**
 * Every language's main catalogue is a chunk of its own, en-US's too: a visitor downloads only
 * the active language's (fetched before the first render, beside the page's own chunk), and
 * en-US only when a key is missing in it (the fallback below).
 */
const TRANSLATION: CatalogueLoaders = import.meta.glob<CatalogueModule>('@/locales/*/translation.json', {
  query: '?raw',
});
registerCatalogue(TRANSLATION);

const initialLanguage = detectBrowserLanguage();

const i18n = new Translator({
  language: initialLanguage,
  // A key the active language lacks (a string added since it was translated) fetches the en-US
  // catalogues; they re-render it in English rather than as its key.
  onMissingKey: () => void loadCatalogues(i18n, FALLBACK_LANGUAGE),
});

/** `lang` for screen readers, hyphenation and fonts; `dir` mirrors the whole page for Arabic, Persian, Hebrew. */
function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

/** The active language, as one of the supported codes. */
export function activeLanguage(): Language {
  return matchLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
}

applyToDocument(initialLanguage);

/**
 * Settles when the active language's main catalogue is in: the app renders after it, so the
 * first render is not English for a moment (en-US settles at once).
 */
export const i18nReady: Promise<void> = loadCatalogues(i18n, initialLanguage);

/**
 * Switches language and remembers it in the `lang` cookie; `auto` follows the browser. The
 * new language's catalogues of every feature loaded so far arrive before the page re-renders.
 */
export async function changeLanguage(choice: Language | 'auto'): Promise<void> {
  writeLanguageCookie(choice);
  const next = choice === 'auto' ? detectBrowserLanguage() : (matchLanguage(choice) ?? FALLBACK_LANGUAGE);
  await loadCatalogues(i18n, next);
  applyToDocument(next);
  i18n.changeLanguage(next);
}

export { i18n };
