import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../../contract/languages';
import { SHARE_MESSAGES } from '../../contract/share';
import { PAGE_TEXT_CATALOGUES } from '../../services/page-language/page-text';
import { REPO_ROOT } from '../lib/paths';

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

/** Every string of the SPA's catalogues in `language`, by key, or undefined when it has none yet. */
async function spaCatalogue(language: string): Promise<Record<string, string> | undefined> {
  const folder = path.join(REPO_ROOT, 'web/src/locales', language);
  const files = await readdir(folder).catch(() => undefined);
  if (!files) return undefined;
  const catalogues = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .map(async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8')) as Record<string, string>),
  );
  return Object.assign({}, ...catalogues) as Record<string, string>;
}

const enUS = PAGE_TEXT_CATALOGUES[FALLBACK_LANGUAGE];

// The server-rendered pages (shares, public pages) say their words in every interface language.
describe.each(SUPPORTED_LANGUAGES)('the server pages’ words in %s', (language) => {
  const catalogue: Record<string, string> = PAGE_TEXT_CATALOGUES[language];

  it('are complete: en-US’s keys, each said, with the same {{variables}}', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(enUS).sort());
    for (const [key, source] of Object.entries(enUS)) {
      const text = catalogue[key] ?? '';
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      expect({ key, variables: variables(text) }).toEqual({ key, variables: variables(source) });
    }
  });

  // The SPA redraws these pages when it starts: the same words, or the page visibly changes.
  it('match the SPA’s wording wherever its catalogues have the key', async () => {
    const spa = await spaCatalogue(language);
    if (!spa) return;
    for (const [key, text] of Object.entries(catalogue))
      if (key in spa) expect({ key, text }).toEqual({ key, text: spa[key] });
  });
});

it('says “not found” in en-US as the API does', () => {
  expect(enUS.com_ui_shared_link_not_found).toBe(SHARE_MESSAGES.notFound);
});
