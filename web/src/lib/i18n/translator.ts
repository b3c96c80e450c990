import type { TranslationKey } from './keys';
import { FALLBACK_LANGUAGE } from './languages';

/**
 * The app's translator: flat per-language string tables, `{{variable}}` interpolation, plurals
 * by `count` and a fallback to en-US. It keeps the catalogue conventions the app had with
 * i18next (plural keys suffixed `_zero`/`_one`/`_two`/`_few`/`_many`/`_other`, see
 * catalogues.test.ts) in a few hundred bytes instead of its ~18 KB on every page.
 */

/** A plural base name: the key `t` takes for catalogue entries `base_one`, `base_other`, …. */
type PluralBase<Key> = Key extends `${infer Base}_zero`
  ? Base
  : Key extends `${infer Base}_one`
    ? Base
    : Key extends `${infer Base}_two`
      ? Base
      : Key extends `${infer Base}_few`
        ? Base
        : Key extends `${infer Base}_many`
          ? Base
          : Key extends `${infer Base}_other`
            ? Base
            : never;

/** What `t` accepts: a key of the en-US catalogues, or the base name of a plural among them. */
export type TKey = TranslationKey | PluralBase<TranslationKey>;

/**
 * `count` picks the plural form (and is a variable too); `defaultValue` is the text when no
 * language has the key; anything else fills the `{{variable}}` of that name.
 */
export type TOptions = { count?: number; defaultValue?: string; [variable: string]: unknown };

export type TFunction = (key: TKey, options?: TOptions) => string;

/** Told when a key is found in no language, so the fallback's catalogues can be fetched. */
type MissingKeyHandler = (language: string, key: string) => void;

/** `{{ name }}`: a variable's name, spaces around it allowed. */
const VARIABLE = /{{(.+?)}}/g;

/** Fills the `{{variables}}`; one a caller did not give becomes '' (never a raw `{{name}}`). */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (_match, name: string) => {
    const value = options?.[name.trim()];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** One Intl.PluralRules per language: building one is far slower than asking it. */
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

type TranslatorOptions = { language: string; onMissingKey?: MissingKeyHandler };

export class Translator {
  /** The active language's code, as given to changeLanguage. */
  language: string;
  /**
   * The active `t`. A new function whenever strings arrive or the language changes, so React
   * (see react.tsx) re-renders whatever used it, memoised children included.
   */
  t: TFunction;
  private readonly tables = new Map<string, Map<string, string>>();
  private readonly listeners = new Set<() => void>();
  private readonly onMissingKey: MissingKeyHandler | undefined;

  constructor({ language, onMissingKey }: TranslatorOptions) {
    this.language = language;
    this.onMissingKey = onMissingKey;
    this.t = this.fixedT(language);
  }

  /** A `t` that always speaks `language`, whatever the active one. */
  fixedT(language: string): TFunction {
    return (key, options) => this.translate(language, key, options);
  }

  /** Adds (or replaces) strings of `language`; whoever renders them is told. */
  addStrings(language: string, strings: Readonly<Record<string, string>>): void {
    let table = this.tables.get(language);
    if (!table) {
      table = new Map();
      this.tables.set(language, table);
    }
    for (const [key, text] of Object.entries(strings)) table.set(key, text);
    this.changed();
  }

  /** The strings of `language` so far, e.g. to start another translator with them. */
  strings(language: string): Record<string, string> {
    return Object.fromEntries(this.tables.get(language) ?? []);
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.changed();
  }

  /** Calls `listener` whenever strings arrive or the language changes; returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed(): void {
    this.t = this.fixedT(this.language);
    for (const listener of [...this.listeners]) listener();
  }

  /** The active language first, then en-US; each language picks its own plural form. */
  private translate(language: string, key: string, options: TOptions | undefined): string {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
    for (const candidate of languages) {
      const text = this.lookup(candidate, key, count);
      if (text !== undefined) return interpolate(text, options);
    }
    this.onMissingKey?.(language, key);
    const fallback = options?.defaultValue;
    return fallback === undefined ? key : interpolate(fallback, options);
  }

  /** `key_zero` for a count of 0 if the language has it, then its plural form, then `key`. */
  private lookup(language: string, key: string, count: number | undefined): string | undefined {
    const table = this.tables.get(language);
    if (!table) return undefined;
    if (count !== undefined) {
      const zero = count === 0 ? table.get(`${key}_zero`) : undefined;
      const plural = zero ?? table.get(`${key}_${pluralForm(language, count)}`);
      if (plural !== undefined) return plural;
    }
    return table.get(key);
  }
}
