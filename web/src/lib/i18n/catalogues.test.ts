import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './languages';

/*
 * Every language has every catalogue file of en-US with exactly en-US's keys, and says the
 * same {{variables}}: a missing key would show English in the middle of the page, a leftover
 * one is dead weight in every download, a renamed variable prints `{{…}}` to the user.
 */

type Catalogue = Record<string, unknown>;
// As text, parsed here, as the app loads them (see catalogue-registry).
const files = import.meta.glob<string>('../../locales/*/*.json', { eager: true, query: '?raw', import: 'default' });

function catalogue(language: string, file: string): Catalogue | undefined {
  const text = files[`../../locales/${language}/${file}`];
  return text === undefined ? undefined : (JSON.parse(text) as Catalogue);
}
const enUSFiles = Object.keys(files)
  .filter((path) => path.startsWith(`../../locales/${FALLBACK_LANGUAGE}/`))
  .map((path) => path.slice(`../../locales/${FALLBACK_LANGUAGE}/`.length));

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have for an en-US catalogue, each with the en-US text it translates.
 * A plural (a base with both `_one` and `_other` in en-US) takes exactly the forms the
 * language's plural rules use; an explicit `_zero` stays in every language, as the translator uses it
 * for a count of 0 whatever the rules. Anything else (`…_other` without `_one`) is a plain key.
 */
function expectedKeys(enUS: Readonly<Record<string, string>>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of Object.entries(enUS)) {
    const plural = PLURAL.exec(key);
    const base = plural?.[1];
    const isPlural = base !== undefined && `${base}_one` in enUS && `${base}_other` in enUS;
    if (!isPlural || plural?.[2] === 'zero') {
      expected.set(key, text);
      continue;
    }
    const other = enUS[`${base}_other`] ?? text;
    for (const category of categories)
      if (category !== 'zero' || !(`${base}_zero` in enUS)) expected.set(`${base}_${category}`, other);
  }
  return expected;
}

/** The {{variables}} a text uses, sorted; a plural form may leave out the count itself. */
function variablesOf(key: string, text: string): string {
  const names = [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1] ?? '');
  return (PLURAL.test(key) ? names.filter((name) => name !== 'count') : names).sort().join(',');
}

/** What is wrong with one language's file, as readable lines (empty when nothing is). */
function catalogueProblems(enUS: Readonly<Record<string, string>>, translated: Catalogue, language: string) {
  const expected = expectedKeys(enUS, language);
  const problems: string[] = [];
  for (const [key, source] of expected) {
    const text = translated[key];
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`missing or empty: ${key}`);
      continue;
    }
    const want = variablesOf(key, source);
    const got = variablesOf(key, text);
    if (want !== got) problems.push(`${key}: variables {${want}} became {${got}}`);
  }
  for (const key of Object.keys(translated)) if (!expected.has(key)) problems.push(`not in en-US: ${key}`);
  return problems;
}

const asStrings = (value: Catalogue): Record<string, string> =>
  Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

describe('the rule itself', () => {
  it('asks each language for its own plural forms and keeps an explicit zero', () => {
    const enUS = { com_x_one: '{{count}} file', com_x_other: '{{count}} files', com_x_zero: 'No files' };
    expect([...expectedKeys(enUS, 'ja-JP').keys()].sort()).toEqual(['com_x_other', 'com_x_zero']);
    expect([...expectedKeys(enUS, 'ar-EG').keys()].sort()).toEqual(
      ['com_x_few', 'com_x_many', 'com_x_one', 'com_x_other', 'com_x_two', 'com_x_zero'].sort(),
    );
    expect([...expectedKeys({ com_kind_other: 'Other' }, 'ja-JP').keys()]).toEqual(['com_kind_other']);
  });

  it('reports missing, extra and renamed-variable keys', () => {
    const enUS = { a: 'Hi {{name}}', b: 'Bye', c_one: '{{count}} item', c_other: '{{count}} items' };
    expect(catalogueProblems(enUS, { a: 'Hallo {{user}}', c_other: '件', d: 'x' }, 'ja-JP')).toEqual([
      'a: variables {name} became {user}',
      'missing or empty: b',
      'not in en-US: d',
    ]);
  });
});

describe.each(SUPPORTED_LANGUAGES.filter((language) => language !== FALLBACK_LANGUAGE))('%s', (language) => {
  it.each(enUSFiles)('has %s complete, with en-US’s keys and variables', (file) => {
    const enUS = catalogue(FALLBACK_LANGUAGE, file);
    const translated = catalogue(language, file);
    expect(translated, `locales/${language}/${file} is missing`).toBeDefined();
    expect(catalogueProblems(asStrings(enUS ?? {}), translated ?? {}, language)).toEqual([]);
  });
});

it('has no catalogue folder for a language the app does not offer', () => {
  const folders = new Set(Object.keys(files).map((path) => path.split('/')[3]));
  expect([...folders].filter((folder) => !SUPPORTED_LANGUAGES.some((language) => language === folder))).toEqual([]);
});
