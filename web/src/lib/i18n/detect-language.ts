import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  type Language,
  matchLanguage,
} from './languages';

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

type DetectionSources = { cookie: string; navigatorLanguages: readonly string[] };

/**
 * The language to start in: the `lang` cookie (unless it says `auto`), then the browser's
 * preferred languages in order, then en-US.
 */
export function detectLanguage(sources: DetectionSources): Language {
  const fromCookie = readCookie(sources.cookie, LANGUAGE_COOKIE);
  if (fromCookie && fromCookie !== 'auto') {
    const match = matchLanguage(fromCookie);
    if (match) return match;
  }
  for (const requested of sources.navigatorLanguages) {
    const match = matchLanguage(requested);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

export function detectBrowserLanguage(): Language {
  return detectLanguage({
    cookie: document.cookie,
    navigatorLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
}

/** Remembers the user's choice (`auto` included) for 365 days. */
export function writeLanguageCookie(value: Language | 'auto'): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(value)}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
}
