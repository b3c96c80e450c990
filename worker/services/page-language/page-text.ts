import { FALLBACK_LANGUAGE, type Language, matchLanguage } from '../../contract/languages';
import { type LanguageSources, wantedLanguages } from '../public-pages/language';
import arEG from './locales/ar-EG.json';
import deDE from './locales/de-DE.json';
import enUS from './locales/en-US.json';
import esES from './locales/es-ES.json';
import etEE from './locales/et-EE.json';
import faIR from './locales/fa-IR.json';
import fiFI from './locales/fi-FI.json';
import frFR from './locales/fr-FR.json';
import heHE from './locales/he-HE.json';
import huHU from './locales/hu-HU.json';
import idID from './locales/id-ID.json';
import itIT from './locales/it-IT.json';
import jaJP from './locales/ja-JP.json';
import kaGE from './locales/ka-GE.json';
import koKR from './locales/ko-KR.json';
import nlNL from './locales/nl-NL.json';
import plPL from './locales/pl-PL.json';
import ptBR from './locales/pt-BR.json';
import ptPT from './locales/pt-PT.json';
import ruRU from './locales/ru-RU.json';
import svSE from './locales/sv-SE.json';
import thTH from './locales/th-TH.json';
import trTR from './locales/tr-TR.json';
import viVN from './locales/vi-VN.json';
import zhHans from './locales/zh-Hans.json';
import zhHant from './locales/zh-Hant.json';

/**
 * The words the server-rendered pages (a share page, the public pages) say around their
 * content, in every interface language: a small catalogue of only these strings, so the worker
 * does not carry the SPA's. Keys are the SPA's own where the SPA shows the same text, so the
 * page reads the same before and after the SPA takes over (a tools test compares them).
 */
export type PageTextKey = keyof typeof enUS;

const CATALOGUES: Readonly<Record<Language, Readonly<Record<PageTextKey, string>>>> = {
  'en-US': enUS,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  'ar-EG': arEG,
  'de-DE': deDE,
  'es-ES': esES,
  'et-EE': etEE,
  'fa-IR': faIR,
  'fr-FR': frFR,
  'he-HE': heHE,
  'hu-HU': huHU,
  'it-IT': itIT,
  'pl-PL': plPL,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
  'ru-RU': ruRU,
  'ja-JP': jaJP,
  'ka-GE': kaGE,
  'sv-SE': svSE,
  'ko-KR': koKR,
  'vi-VN': viVN,
  'th-TH': thTH,
  'tr-TR': trTR,
  'nl-NL': nlNL,
  'id-ID': idID,
  'fi-FI': fiFI,
};

/** The text of `key` in `language`, with `{{name}}` placeholders filled in. */
export function pageText(language: Language, key: PageTextKey, values: Record<string, string> = {}): string {
  return CATALOGUES[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Every language's catalogue, for the tests that hold them to en-US and to the SPA's wording. */
export const PAGE_TEXT_CATALOGUES = CATALOGUES;

/**
 * The interface language of a visitor: the one they chose in the app (the `lang` cookie, unless
 * "auto"), else the first of their browser's `Accept-Language` the app speaks, else en-US.
 */
export function visitorLanguage(sources: LanguageSources): Language {
  for (const tag of wantedLanguages(sources)) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

/** A date as "March 5, 2026" in `language`, in UTC so every edge renders the same page. */
export function pageDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
