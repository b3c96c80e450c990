import { readCookie } from '@/lib/i18n/detect-language';
import { LANGUAGE_COOKIE, type Language, matchLanguage } from '@/lib/i18n/languages';

/** What the language setting shows: the remembered choice, or `auto` when none was made. */
export function readLanguageChoice(): Language | 'auto' {
  const stored = readCookie(document.cookie, LANGUAGE_COOKIE);
  if (!stored || stored === 'auto') return 'auto';
  return matchLanguage(stored) ?? 'auto';
}
