/**
 * The languages of the interface, known to both sides: the SPA ships a catalogue folder for
 * each (web/src/locales/<code>/, the same files and keys as en-US, a test checks them), and
 * the server-rendered pages (shares, public pages) say their few words in each as well.
 */
export const SUPPORTED_LANGUAGES = [
  'en-US',
  'zh-Hans',
  'zh-Hant',
  'ar-EG',
  'de-DE',
  'es-ES',
  'et-EE',
  'fa-IR',
  'fr-FR',
  'he-HE',
  'hu-HU',
  'it-IT',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ru-RU',
  'ja-JP',
  'ka-GE',
  'sv-SE',
  'ko-KR',
  'vi-VN',
  'th-TH',
  'tr-TR',
  'nl-NL',
  'id-ID',
  'fi-FI',
] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en-US';

/** The languages written right to left: the page mirrors for them. */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar-EG', 'fa-IR', 'he-HE']);

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

/** LibreChat keeps the chosen language in a `lang` cookie that lives 365 days. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const isLanguage = (value: string): value is Language =>
  SUPPORTED_LANGUAGES.some((language) => language === value);

/**
 * Browsers name Chinese by region (`zh-CN`, `zh-TW`, `zh-HK`) as often as by script; the
 * regions that write traditional characters get zh-Hant, every other Chinese zh-Hans.
 */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/;

/**
 * The supported locale closest to a requested one: exact match (case-insensitive), then the
 * first supported locale with the same base language (`en-GB` → `en-US`, `pt` → `pt-BR`), else none.
 */
export function matchLanguage(requested: string): Language | undefined {
  const wanted = requested.trim().toLowerCase().replace(/_/g, '-');
  if (!wanted) return undefined;
  const exact = SUPPORTED_LANGUAGES.find((code) => code.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split('-')[0];
  if (base === 'zh') return TRADITIONAL_CHINESE.test(wanted) ? 'zh-Hant' : 'zh-Hans';
  // Hebrew's region is Israel; browsers send `he-IL` or the old code `iw`.
  if (base === 'iw') return 'he-HE';
  return SUPPORTED_LANGUAGES.find((code) => code.toLowerCase().split('-')[0] === base);
}
