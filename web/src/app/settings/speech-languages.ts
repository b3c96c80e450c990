/**
 * The languages offered for dictation and reading aloud: the BCP-47 locales that browsers'
 * speech recognition (Chrome's and Edge's online engines) commonly takes, each language with
 * its main regional variants, since accents and vocabulary differ enough between, say, en-US
 * and en-IN for the region to matter to a recogniser. The stored value is the code; the label
 * is the locale's name in the interface language, from the browser's own data.
 */
export const SPEECH_LANGUAGES = [
  // English
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IN',
  'en-IE',
  'en-NZ',
  'en-ZA',
  'en-SG',
  'en-PH',
  // Spanish
  'es-ES',
  'es-MX',
  'es-US',
  'es-AR',
  'es-CO',
  'es-CL',
  'es-PE',
  'es-VE',
  'es-EC',
  'es-GT',
  // Arabic
  'ar-SA',
  'ar-EG',
  'ar-AE',
  'ar-JO',
  'ar-KW',
  'ar-MA',
  'ar-LB',
  // Chinese
  'zh-CN',
  'zh-TW',
  'zh-HK',
  // French, German, Portuguese, Italian, Dutch
  'fr-FR',
  'fr-CA',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'pt-BR',
  'pt-PT',
  'it-IT',
  'nl-NL',
  // Languages of South Asia
  'hi-IN',
  'bn-BD',
  'bn-IN',
  'gu-IN',
  'kn-IN',
  'ml-IN',
  'mr-IN',
  'ta-IN',
  'ta-LK',
  'te-IN',
  'ur-PK',
  'ur-IN',
  // Languages of East and South-East Asia
  'ja-JP',
  'ko-KR',
  'th-TH',
  'vi-VN',
  'id-ID',
  'ms-MY',
  'fil-PH',
  // Languages of Africa
  'af-ZA',
  'sw-KE',
  'sw-TZ',
  // Languages of Europe and the Near East
  'bg-BG',
  'ca-ES',
  'cs-CZ',
  'da-DK',
  'el-GR',
  'et-EE',
  'eu-ES',
  'fi-FI',
  'gl-ES',
  'hr-HR',
  'hu-HU',
  'is-IS',
  'lt-LT',
  'lv-LV',
  'nb-NO',
  'pl-PL',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sr-RS',
  'sv-SE',
  'uk-UA',
  'tr-TR',
  'az-AZ',
  'hy-AM',
  'ka-GE',
  'he-IL',
  'fa-IR',
] as const;

export interface LanguageOption {
  value: string;
  label: string;
}

/** A name maker for `uiLanguage`, or none where the browser lacks Intl.DisplayNames for it. */
function displayNames(uiLanguage: string): Intl.DisplayNames | undefined {
  try {
    // `standard` names the region in brackets ("English (India)") rather than as a dialect
    // ("Indian English"), so a language's variants sit together once sorted.
    return new Intl.DisplayNames([uiLanguage], { type: 'language', languageDisplay: 'standard', fallback: 'code' });
  } catch {
    return undefined;
  }
}

/** Every speech language, named in `uiLanguage` and sorted by that name as `uiLanguage` sorts. */
export function speechLanguageOptions(uiLanguage: string): LanguageOption[] {
  const names = displayNames(uiLanguage);
  const options = SPEECH_LANGUAGES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator([uiLanguage]);
  } catch {
    collator = new Intl.Collator();
  }
  return options.sort((a, b) => collator.compare(a.label, b.label));
}
