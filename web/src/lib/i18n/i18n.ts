import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '@/locales/en-US/translation.json';
import { type CatalogueLoaders, loadCatalogues, registerCatalogue } from './catalogue-registry';
import { detectBrowserLanguage, writeLanguageCookie } from './detect-language';
import { FALLBACK_LANGUAGE, type Language, matchLanguage, SUPPORTED_LANGUAGES, textDirection } from './languages';

/**
 * en-US is bundled (every other locale falls back to it, so it is always needed); the active
 * language's catalogue is a chunk of its own, fetched before the first render below.
 */
const TRANSLATION: CatalogueLoaders = import.meta.glob<Record<string, string>>(
  ['@/locales/*/translation.json', '!@/locales/en-US/translation.json'],
  {
    import: 'default',
  },
);
registerCatalogue(TRANSLATION);

const initialLanguage = detectBrowserLanguage();

void i18n.use(initReactI18next).init({
  // A copy: i18next extends this object with every feature's strings.
  resources: { [FALLBACK_LANGUAGE]: { translation: { ...enUS } } },
  lng: initialLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  // React escapes output already.
  interpolation: { escapeValue: false },
  // Resources are added by hand, so initialise synchronously: the first render is already translated.
  initAsync: false,
  returnNull: false,
  // A catalogue that arrives after its components rendered (see add-catalogue) re-renders them.
  react: { bindI18nStore: 'added' },
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
i18n.on('languageChanged', () => applyToDocument(activeLanguage()));

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
  await i18n.changeLanguage(next);
}

export { i18n };
