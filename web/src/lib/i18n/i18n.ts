import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '@/locales/en-US/translation.json';
import { detectBrowserLanguage, writeLanguageCookie } from './detect-language';
import { FALLBACK_LANGUAGE, type Language, matchLanguage, SUPPORTED_LANGUAGES } from './languages';

/**
 * en-US is bundled (it is also every other locale's fallback, so it is always needed);
 * further locales should be loaded on demand with `i18n.addResourceBundle` so they stay out
 * of the login page's JS budget.
 */
void i18n.use(initReactI18next).init({
  resources: { [FALLBACK_LANGUAGE]: { translation: enUS } },
  lng: detectBrowserLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  // React escapes output already.
  interpolation: { escapeValue: false },
  // Resources are inline, so initialise synchronously: the first render is already translated.
  initAsync: false,
  returnNull: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Switches language and remembers it in the `lang` cookie; `auto` follows the browser. */
export async function changeLanguage(choice: Language | 'auto'): Promise<void> {
  writeLanguageCookie(choice);
  const next = choice === 'auto' ? detectBrowserLanguage() : (matchLanguage(choice) ?? FALLBACK_LANGUAGE);
  await i18n.changeLanguage(next);
}

export { i18n };
