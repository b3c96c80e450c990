/** The interface languages and how a requested one is matched: shared with the server-rendered pages. */
export {
  FALLBACK_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  matchLanguage,
  SUPPORTED_LANGUAGES,
  textDirection,
} from '@contract/languages';
