/**
 * Which of a page's languages a visitor gets: the app's `lang` cookie (what they chose in the
 * language menu, unless "auto"), then their browser's `Accept-Language` in order of preference;
 * the first one the page has a file for wins, matching `de` to `de-DE` and back. Otherwise the
 * default file.
 */

export interface LanguageSources {
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The visitor's languages, most wanted first. */
export function wantedLanguages(sources: LanguageSources): string[] {
  const chosen = sources.cookie ? readCookie(sources.cookie, 'lang') : undefined;
  const fromCookie = chosen && chosen !== 'auto' ? [chosen] : [];
  return [...fromCookie, ...acceptedTags(sources.acceptLanguage ?? '')];
}

const primary = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';

/** The first of `wanted` that `available` has (exactly, then by primary language), or undefined. */
export function pickLanguage(wanted: readonly string[], available: readonly string[]): string | undefined {
  for (const tag of wanted) {
    const exact = available.find((candidate) => candidate.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const sameLanguage = available.find((candidate) => primary(candidate) === primary(tag));
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}
