import type { Language } from './languages';

/**
 * Each language's name in itself, as the language menu lists them: someone who cannot read the
 * current language still finds their own. Fixed here rather than taken from Intl.DisplayNames,
 * whose wording differs between browsers and versions.
 */
export const LANGUAGE_ENDONYMS: Readonly<Record<Language, string>> = {
  'en-US': 'English',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  'ar-EG': 'العربية',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'et-EE': 'Eesti',
  'fa-IR': 'فارسی',
  'fr-FR': 'Français',
  'he-HE': 'עברית',
  'hu-HU': 'Magyar',
  'it-IT': 'Italiano',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  'ru-RU': 'Русский',
  'ja-JP': '日本語',
  'ka-GE': 'ქართული',
  'sv-SE': 'Svenska',
  'ko-KR': '한국어',
  'vi-VN': 'Tiếng Việt',
  'th-TH': 'ไทย',
  'tr-TR': 'Türkçe',
  'nl-NL': 'Nederlands',
  'id-ID': 'Bahasa Indonesia',
  'fi-FI': 'Suomi',
};
