/**
 * Locales the app ships a translation for. Add a locale here together with its
 * `locales/<code>/translation.json`; LibreChat has 26 that may be added later.
 */
export const SUPPORTED_LANGUAGES = ['en-US'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en-US';

/** LibreChat keeps the chosen language in a `lang` cookie that lives 365 days. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The supported locale closest to a requested one: exact match (case-insensitive), then the
 * first supported locale with the same base language (`en-GB` → `en-US`), else none.
 */
export function matchLanguage(requested: string): Language | undefined {
  const wanted = requested.trim().toLowerCase();
  if (!wanted) return undefined;
  const exact = SUPPORTED_LANGUAGES.find((code) => code.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split('-')[0];
  return SUPPORTED_LANGUAGES.find((code) => code.toLowerCase().split('-')[0] === base);
}
