import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_CSS } from '../../services/public-pages/content-style';
import { PUBLIC_PAGE_TEXT } from '../../services/public-pages/page-text';
import { REPO_ROOT } from '../lib/paths';

// The worker renders the public pages first and the SPA redraws them: both must say the same
// words and style the content alike, or the page visibly changes as the app takes over.
describe('the public pages look and read the same in the worker and in the SPA', () => {
  it('uses the English words of the SPA’s catalogues, key for key', async () => {
    const files = ['translation.json', 'public-pages.json'];
    const catalogues = await Promise.all(
      files.map(async (file) => {
        const text = await readFile(path.join(REPO_ROOT, 'web/src/locales/en-US', file), 'utf8');
        return JSON.parse(text) as Record<string, string>;
      }),
    );
    const spa = Object.assign({}, ...catalogues) as Record<string, string>;
    for (const [key, text] of Object.entries(PUBLIC_PAGE_TEXT)) expect({ key, text }).toEqual({ key, text: spa[key] });
  });

  it('styles the content with the SPA’s stylesheet', async () => {
    const file = path.join(REPO_ROOT, 'web/src/features/public-pages/public-page-content.css');
    const css = await readFile(file, 'utf8');
    expect(css.split('\n').slice(1).join('\n').trimEnd()).toBe(CONTENT_CSS);
  });
});
